import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

/// Lines of Swift Testing's event stream, as `swift test --event-stream-version 0` writes them.
enum StreamLine {
    static func test(
        _ id: String, name: String, file: String = "/repo/Tests/StrategyTests/S.swift", line: Int = 3
    )
        -> String
    {
        #"{"kind":"test","payload":{"id":"\#(id)","displayName":"\#(name)","kind":"function","sourceLocation":{"_filePath":"\#(file)","line":\#(line),"column":6,"fileID":"StrategyTests/S.swift"}},"version":0}"#
    }
    static func event(_ kind: String, _ id: String? = nil, symbol: String = "default") -> String {
        let testID = id.map { #","testID":"\#($0)""# } ?? ""
        return
            #"{"kind":"event","payload":{"kind":"\#(kind)","messages":[{"symbol":"\#(symbol)","text":"x"}]\#(testID)},"version":0}"#
    }
    /// A known issue, as a learner net's run on a planted change records it.
    static func knownIssue(_ id: String, details: String) -> String {
        #"{"kind":"event","payload":{"kind":"issueRecorded","_comments":[],"issue":{"isKnown":true},"messages":[{"symbol":"passWithKnownIssue","text":"Expectation failed"},{"symbol":"details","text":"\#(details)"}],"testID":"\#(id)"},"version":0}"#
    }

    static func issue(_ id: String, message: String, comment: String, line: Int) -> String {
        #"{"kind":"event","payload":{"kind":"issueRecorded","_comments":["\#(comment)"],"issue":{"isKnown":false,"sourceLocation":{"_filePath":"/repo/Tests/StrategyTests/S.swift","line":\#(line),"column":9,"fileID":"StrategyTests/S.swift"}},"messages":[{"symbol":"fail","text":"\#(message)"},{"symbol":"details","text":"\#(comment)"}],"testID":"\#(id)"},"version":0}"#
    }
}

@Suite("Reading Swift Testing's event stream")
struct EventStreamTests {
    let a = "StrategyTests.Step1LexicalSearch/a()/S.swift:3:6"
    let b = "StrategyTests.Step1LexicalSearch/b()/S.swift:9:6"

    @Test("Tests that ended pass or fail; the one that started and never ended is running")
    func startedAndEnded() {
        var stream = EventStream()
        let lines = [
            StreamLine.test(a, name: "A"), StreamLine.test(b, name: "B"), StreamLine.event("runStarted"),
            StreamLine.event("testStarted", "StrategyTests.Step1LexicalSearch"),
            StreamLine.event("testStarted", a),
            StreamLine.issue(a, message: "Expectation failed: 1 == 2", comment: "The rule (step 1)", line: 5),
            StreamLine.event("testEnded", a, symbol: "fail"), StreamLine.event("testStarted", b),
        ]
        stream.consume(Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(stream.runStarted && !stream.runEnded)
        #expect(stream.started == [a, b])
        #expect(stream.ended[a] == EventStream.Ended(passed: false, skipped: false))
        #expect(stream.running == [b])
        #expect(stream.displayNames[b] == "B")
        #expect(
            stream.issues[a] == [
                EventStream.Issue(
                    message: "Expectation failed: 1 == 2", comment: "The rule (step 1)",
                    filePath: "/repo/Tests/StrategyTests/S.swift", line: 5)
            ])
    }

    @Test(
        "A suite that records an issue of its own becomes a failing test named (the suite), where the suite is"
    )
    func suiteIssue() {
        var stream = EventStream()
        let suite = "ScanCapstoneNetTests.ScanNet"
        let lines = [
            StreamLine.test(suite, name: "ScanNet"), StreamLine.event("runStarted"),
            StreamLine.event("testStarted", suite), StreamLine.event("testStarted", a),
            StreamLine.event("testEnded", a),
            StreamLine.issue(suite, message: "Issue recorded", comment: "Your net catches 9 of 10", line: 13),
            StreamLine.event("testEnded", suite, symbol: "fail"),
        ]
        stream.consume(Data((lines.joined(separator: "\n") + "\n").utf8))
        let check = suite + "/" + EventStream.suiteCheck
        #expect(stream.started == [a, check])
        #expect(stream.ended[check] == EventStream.Ended(passed: false, skipped: false))
        #expect(stream.displayNames[check] == "ScanNet (the suite)")
        #expect(stream.issues[check]?.map(\.comment) == ["Your net catches 9 of 10"])
        #expect(EventStream.isFunction(check))
    }

    @Test(
        "A known issue is no failure; one named for a planted change counts as that test's catch, once"
    )
    func plantedCatches() {
        var stream = EventStream()
        let lines = [
            StreamLine.test(a, name: "A"), StreamLine.event("runStarted"), StreamLine.event("testStarted", a),
            StreamLine.knownIssue(a, details: "Run on planted change 7 of 10"),
            StreamLine.knownIssue(a, details: "Run on planted change 2 of 10"),
            StreamLine.knownIssue(a, details: "Run on planted change 7 of 10"),
            StreamLine.knownIssue(a, details: "Run on the legacy client"),
            StreamLine.event("testEnded", a),
        ]
        stream.consume(Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(stream.ended[a] == EventStream.Ended(passed: true, skipped: false))
        #expect(stream.issues[a] == nil)
        #expect(stream.plantedCatches[a] == [2, 7])
        #expect(RunReport.Outcome(id: a, status: .passed, stream: stream).catches == [2, 7])
        #expect(EventStream.plantedChange(named: "Run on planted change 10 of 10") == 10)
        #expect(EventStream.plantedChange(named: "Run on planted change ten of 10") == nil)
    }

    @Test("A line cut in two is read once its end arrives; a line that isn't JSON is ignored")
    func partialLines() {
        var stream = EventStream()
        let line = StreamLine.event("testStarted", a)
        let cut = line.index(line.startIndex, offsetBy: 20)
        stream.consume(Data(("garbage\n" + line[..<cut]).utf8))
        #expect(stream.started == [])
        stream.consume(Data((line[cut...] + "\n").utf8))
        #expect(stream.started == [a])
    }
}

@Suite("The event stream, as this toolchain writes it, and as a newer one might")
struct EventStreamSchemaTests {
    func read(_ text: String) -> EventStream {
        var stream = EventStream()
        stream.consume(Data(text.utf8))
        return stream
    }

    @Test("A real stream: passes, failures with their rule and line, skips; nothing it could not read")
    func real() throws {
        let stream = read(try Fixture.text("events-6.3.jsonl"))
        #expect(stream.notes.isEmpty, "\(stream.notes)")
        #expect(stream.runStarted && stream.runEnded)
        // As `swift test` printed it: 20 tests, 18 failed (Singleton's, on the stubs), 1 passed, 1 skipped.
        #expect(stream.started.count == 19)
        #expect(stream.ended.values.filter(\.passed).count == 1)
        #expect(stream.ended.values.filter { !$0.passed && !$0.skipped }.count == 18)
        #expect(stream.ended.values.filter(\.skipped).count == 1)
        let id = "SingletonTests.Step1InjectedPool/handleFromInjectedPool()/Step1InjectedPool.swift:118:6"
        let issue = try #require(stream.issues[id]?.first)
        #expect(issue.message == "Expectation failed: await pool.requests == [chat]")
        #expect(issue.comment == "The manager asks the pool it was given (rule 1.1)")
        #expect(issue.filePath == Fixture.root + "/Tests/SingletonTests/Step1InjectedPool.swift")
        #expect(issue.line == 124)
        #expect(stream.locations[id]?.line == 118)
    }

    @Test(
        "Without the underscored fields: the same passes and failures, the rule from details, notes on the rest"
    )
    func withoutUnderscoredFields() throws {
        let real = try Fixture.text("events-6.3.jsonl")
        // A toolchain that dropped the fields version 0 does not promise.
        let stripped =
            real.split(separator: "\n").map { line -> String in
                guard var object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    var payload = object["payload"] as? [String: Any]
                else { return String(line) }
                for key in payload.keys where key.hasPrefix("_") { payload[key] = nil }
                if var issue = payload["issue"] as? [String: Any] {
                    issue["sourceLocation"] = nil
                    payload["issue"] = issue
                }
                if var location = payload["sourceLocation"] as? [String: Any] {
                    location["_filePath"] = nil
                    payload["sourceLocation"] = location
                }
                object["payload"] = payload
                let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
                return String(decoding: data, as: UTF8.self)
            }.joined(separator: "\n") + "\n"
        let full = read(real)
        let degraded = read(stripped)
        #expect(degraded.ended == full.ended, "Pass and fail per test, as before")
        #expect(degraded.started == full.started)
        let id = "SingletonTests.Step1InjectedPool/handleFromInjectedPool()/Step1InjectedPool.swift:118:6"
        #expect(degraded.issues[id]?.first?.comment == "The manager asks the pool it was given (rule 1.1)")
        #expect(degraded.issues[id]?.first?.filePath == nil)
        #expect(degraded.locations[id]?.filePath == "SingletonTests/Step1InjectedPool.swift", "fileID, then")
        #expect(degraded.notes == ["where the failed expectations are"])
    }

    @Test("Another version, or a line that is not JSON, is noted, and the rest is still read")
    func otherVersion() {
        let a = "StrategyTests.Step1LexicalSearch/a()/S.swift:3:6"
        let text =
            [
                StreamLine.test(a, name: "A").replacingOccurrences(
                    of: #""version":0"#, with: #""version":1"#),
                "not json at all",
                StreamLine.event("runStarted"), StreamLine.event("testStarted", a),
                StreamLine.event("testEnded", a), StreamLine.event("runEnded"),
            ].joined(separator: "\n") + "\n"
        let stream = read(text)
        #expect(stream.ended[a]?.passed == true)
        #expect(stream.notes.contains { $0.hasPrefix("its version: the stream says 1, the tool reads 0") })
        #expect(stream.notes.contains { $0.hasPrefix("some lines") })
        let printer = ReportPrinter(workspace: Workspace(root: repositoryRoot), terminal: .plain)
        #expect(
            printer.streamNotes(stream.notes)?.contains("Which tests pass and fail is still right") == true)
        #expect(printer.streamNotes([]) == nil)
    }
}
