import Foundation
import Testing

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
