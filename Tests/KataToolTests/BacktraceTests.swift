import Foundation
import Testing

@testable import KataTool

@Suite("Where a crash or a hang was, from the runtime's backtraces")
struct BacktraceTests {
    @Test("A real hang's stacks: every thread is read, and the learner's line is on the fifth")
    func realHang() throws {
        let log = try Fixture.text("hang-backtrace-6.3.log")
        let backtrace = Backtrace(log: log)
        #expect(backtrace.threads.count == 5)
        #expect(backtrace.threads.filter(\.crashed).map(\.title) == [#"Thread 0 "PatternKatasPac""#])
        #expect(backtrace.threads[4].frames.count >= 12)
        #expect(
            TestRunner.hangLocation(in: log, root: Fixture.root)
                == "Katas/Builder/ConnectionBuilder.swift:70 (in ConnectionBuilder.build(url:))")
        #expect(
            backtrace.firstKataFrame(under: Fixture.root, crashedOnly: true) == nil,
            "The thread that got the signal is not the one that hangs")
    }

    @Test("A frame with no line, or no file at all, is still a frame")
    func partialFrames() {
        let log = """
            Thread 1:

              0      0x000055c8b165914c spin() + 76 in T.xctest at /r/Katas/Strategy/Spin.swift
              1 [ra] 0x000055c8b1658f9b closure #1 in  + 26 in T.xctest at //<compiler-generated>
              2 [ra] 0x00007f3140f795f9 Thread.main() + 24 in libFoundation.so
            ...

            Registers:

            rax 0xfffffffffffffffc  18446744073709551612
            """
        let backtrace = Backtrace(log: log)
        #expect(
            backtrace.threads.first?.frames == [
                .init(function: "spin()", file: "/r/Katas/Strategy/Spin.swift", line: nil),
                .init(function: "closure #1 in ", file: "//<compiler-generated>", line: nil),
                .init(function: "Thread.main()", file: nil, line: nil),
            ])
        #expect(
            TestRunner.hangLocation(in: log, root: "/r")
                == "Katas/Strategy/Spin.swift (in spin(); the backtracer gave no line for it)")
    }

    @Test("A log with no stack gives no place, and no threads")
    func none() {
        #expect(Backtrace(log: "error: Exited with unexpected signal code 3\n").threads.isEmpty)
        #expect(TestRunner.hangLocation(in: "Thread 1 but no colon", root: "/r") == nil)
    }
}
