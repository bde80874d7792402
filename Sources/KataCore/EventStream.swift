import Foundation

/// What a test run has said so far, read from Swift Testing's event stream
/// (`swift test --event-stream-output-path FILE --event-stream-version 0`, JSON Lines).
///
/// The stream is written as the run goes, so it keeps everything that happened before a crash
/// or a kill. Run serially, the one test that started and never ended is the one that crashed
/// or hangs.
///
/// This is the one place that knows the stream's schema. Version 0 is the one the tool asks
/// for; a few of the fields it reads are not promised by it (their names start with `_`), so
/// every field is read leniently: without a location, a test still passes or fails; without
/// `_comments`, the rule comes from the issue's `details` message. What it could not read is
/// kept in ``notes``, said once to the learner. `Tests/KataToolTests/Fixtures/` keeps a stream
/// this toolchain wrote.
package struct EventStream {
    package init() {}

    /// The version of the stream the tool asks for, and reads.
    static let version = 0
    /// One issue a test recorded: a failed expectation, a thrown error.
    package struct Issue: Equatable, Sendable {
        /// The runtime's message, such as `Expectation failed: (count → 0) == 2`.
        let message: String
        /// The comment the test gave the expectation: the rule, in words.
        let comment: String?
        /// Where it was recorded, such as `/…/Tests/StrategyTests/Step1LexicalSearch.swift`.
        let filePath: String?
        let line: Int?
    }

    /// One test function's result, once it ended.
    package struct Ended: Equatable, Sendable {
        package let passed: Bool
        package let skipped: Bool
    }

    /// The display names of the tests and suites, by identifier.
    package private(set) var displayNames: [String: String] = [:]
    /// Where each test is declared, by identifier.
    package private(set) var locations: [String: (filePath: String, line: Int)] = [:]
    /// The test functions in the order they started.
    package private(set) var started: [String] = []
    /// The test functions that ended, by identifier.
    package private(set) var ended: [String: Ended] = [:]
    /// The issues each test recorded, in order.
    private(set) var issues: [String: [Issue]] = [:]
    /// The planted changes each test of a capstone's learner net caught, by number: its runs on
    /// them failed, which the net's trait records as known issues named "Run on planted change 3
    /// of 10".
    private(set) var plantedCatches: [String: Set<Int>] = [:]
    /// Whether the run began: the package built and the test process started.
    package private(set) var runStarted = false
    /// Whether the run reached its end.
    package private(set) var runEnded = false
    /// What the stream did not give, in words: `where the failed expectations are`.
    package private(set) var notes: Set<String> = []
    /// Text that was not a complete line yet.
    private var pending = Data()

    /// The test functions that started and have not ended: the one running now, when serial.
    package var running: [String] { started.filter { ended[$0] == nil } }

    /// Reads the next bytes of the stream; a line cut in two is kept until its end arrives.
    package mutating func consume(_ data: Data) {
        pending.append(data)
        var lineStart = pending.startIndex
        while let newline = pending[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            consume(line: pending[lineStart..<newline])
            lineStart = pending.index(after: newline)
        }
        pending = Data(pending[lineStart...])
    }

    /// Reads one JSON object; anything else is noted and skipped.
    mutating func consume(line: Data) {
        guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { return }
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
            let payload = object["payload"] as? [String: Any]
        else {
            notes.insert("some lines, which were not the JSON records of version \(Self.version)")
            return
        }
        let version = object["version"] as? Int
        if version != Self.version {
            notes.insert(
                "its version: the stream says \(version.map(String.init) ?? "none"), the tool reads \(Self.version) "
                    + "(a newer toolchain? the results may be incomplete)")
        }
        switch object["kind"] as? String {
        case "test":
            guard let id = payload["id"] as? String else {
                notes.insert("the identity of some tests")
                return
            }
            displayNames[id] = payload["displayName"] as? String ?? payload["name"] as? String
            if let location = Self.location(payload["sourceLocation"]) {
                locations[id] = (location.filePath, location.line)
            } else {
                notes.insert("where the tests are declared (the steps keep the order they ran in)")
            }
        case "event":
            consume(event: payload)
        default:
            return
        }
    }

    private mutating func consume(event: [String: Any]) {
        let testID = event["testID"] as? String
        switch event["kind"] as? String {
        case "runStarted":
            runStarted = true
        case "runEnded":
            runEnded = true
        case "testStarted":
            if let testID, Self.isFunction(testID) { started.append(testID) }
        case "testEnded":
            guard let testID else { return }
            guard Self.isFunction(testID) else { return endSuite(testID) }
            let messages = event["messages"] as? [[String: Any]] ?? []
            let failed = messages.contains { $0["symbol"] as? String == "fail" } || issues[testID] != nil
            ended[testID] = Ended(passed: !failed, skipped: false)
        case "testSkipped":
            guard let testID, Self.isFunction(testID) else { return }
            ended[testID] = Ended(passed: false, skipped: true)
        case "issueRecorded":
            guard let testID else { return }
            let messages = event["messages"] as? [[String: Any]] ?? []
            let texts = messages.compactMap { $0["text"] as? String }
            let issue = event["issue"] as? [String: Any]
            if issue?["isKnown"] as? Bool == true {
                for number in texts.compactMap(Self.plantedChange(named:)) {
                    plantedCatches[testID, default: []].insert(number)
                }
                return
            }
            // The rule, in words: `_comments`, or else the `details` messages, which say the same.
            let details = messages.filter { $0["symbol"] as? String == "details" }.compactMap {
                $0["text"] as? String
            }
            let comments = ((event["_comments"] as? [String]) ?? details).joined(separator: " ")
            let location = Self.location(issue?["sourceLocation"]) ?? Self.location(event["_sourceLocation"])
            if location == nil { notes.insert("where the failed expectations are") }
            issues[testID, default: []].append(
                Issue(
                    message: texts.first ?? "Issue recorded", comment: comments.isEmpty ? nil : comments,
                    filePath: location?.filePath, line: location?.line))
        default:
            return
        }
    }

    /// A suite that recorded issues of its own (a capstone's learner net says there what its
    /// tests missed) becomes a test of its own, `Module.Suite/(the suite)`, declared where the
    /// suite is: what the learner reads treats it like any failing test.
    private mutating func endSuite(_ id: String) {
        guard let suiteIssues = issues[id] else { return }
        let test = id + "/" + Self.suiteCheck
        displayNames[test] = "\(displayNames[id] ?? id) (the suite)"
        locations[test] = locations[id]
        issues[test] = suiteIssues
        started.append(test)
        ended[test] = Ended(passed: false, skipped: false)
    }

    /// The number of the planted change a known issue's text names ("Run on planted change 3 of
    /// 10" gives 3); `nil` for any other text.
    static func plantedChange(named text: String) -> Int? {
        guard let match = text.wholeMatch(of: /Run on planted change (\d+) of \d+/) else { return nil }
        return Int(match.1)
    }

    /// The name of the test that stands for a suite's own issues.
    static let suiteCheck = "(the suite)"

    /// A test function's identifier has a `/` (`Module.Suite/test()/File.swift:12:6`); a
    /// suite's has none.
    package static func isFunction(_ id: String) -> Bool { id.contains("/") }

    private static func location(_ value: Any?) -> (filePath: String, line: Int)? {
        guard let location = value as? [String: Any], let line = location["line"] as? Int else { return nil }
        let path = location["_filePath"] as? String ?? location["fileID"] as? String
        return path.map { ($0, line) }
    }
}
