import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
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
        let frames = backtrace.threads.first?.frames ?? []
        #expect(frames.map(\.function) == ["spin()", "closure #1 in ", "Thread.main()"])
        #expect(frames.map(\.file) == ["/r/Katas/Strategy/Spin.swift", "//<compiler-generated>", nil])
        #expect(frames.map(\.line) == [nil, nil, nil])
        #expect(frames.first?.address == 0x0000_55c8_b165_914c)
        #expect(frames.first?.offset == 76)
        #expect(frames.map(\.image) == ["T.xctest", "T.xctest", "libFoundation.so"])
        #expect(
            TestRunner.hangLocation(in: log, root: "/r", lineTable: { _, _ in nil })
                == "Katas/Strategy/Spin.swift (in spin(); \(RunReport.Hang.noLine))")
        #expect(
            TestRunner.hangLocation(
                in: log, root: "/r", lineTable: { frame, _ in frame.offset == 76 ? 12 : nil })
                == "Katas/Strategy/Spin.swift:12 (in spin())",
            "A line the line table gives is the place's line")
    }

    @Test("The images the stacks mention: where each starts, its name and path")
    func images() {
        let log = """
            Images (20 omitted):

            0x0000558a27397000–0x0000558a27d98088 d5758152cc0eb3146c03be0db9695ce448d6a7ba PatternKatasPackageTests.xctest /w/.build/x86_64-unknown-linux-gnu/debug/PatternKatasPackageTests.xctest
            0x00007fbe19656000–0x00007fbe197d10fc 93ac61ec5a8eb1396f9fbd350e3169a558528a40 libc.so.6                       /usr/lib/x86_64-linux-gnu/libc.so.6

            Backtrace took 0.38s
            """
        #expect(
            Backtrace(log: log).images == [
                .init(
                    base: 0x0000_558a_2739_7000, name: "PatternKatasPackageTests.xctest",
                    path: "/w/.build/x86_64-unknown-linux-gnu/debug/PatternKatasPackageTests.xctest"),
                .init(
                    base: 0x0000_7fbe_1965_6000, name: "libc.so.6",
                    path: "/usr/lib/x86_64-linux-gnu/libc.so.6"),
            ])
    }

    @Test("A tight loop's line: the first line after the address in its function, else the last before")
    func lineTable() {
        let file = "/w/Katas/Factory/SchemeConnectionFactory.swift"
        // `while true {}` first in its function: the instructions the loop spins on have line 0, and the
        // jump that closes it has the loop's line; the line before is the function's own.
        let disassembly = """
            00000000001a84a0 <$s7Factory016makeConnection>:
            ; \(file):41
              1a84a0:      	pushq	%rbp
              1a8504:      	movq	-0x28(%rbp), %rax
              1a8508:      	movq	%rax, -0x28(%rbp)
            ; /w/Katas/Factory/Other.swift:3
              1a850a:      	nop
            ; \(file):50
              1a850c:      	jmp	0x1a8504 <$s7Factory016makeConnection+0x64>
              1a850e:      	nop

            00000000001a8510 <$s7Factory05otherFunction>:
            ; \(file):60
              1a8510:      	pushq	%rbp
            """
        #expect(LineTable.nearestLine(inDisassembly: disassembly, at: 0x1a8508, file: file) == 50)
        #expect(
            LineTable.nearestLine(inDisassembly: disassembly, at: 0x1a850e, file: file) == 50,
            "Nothing after it in its function: the last line before")
        #expect(
            LineTable.nearestLine(inDisassembly: disassembly, at: 0x1a84a0, file: "/elsewhere.swift") == nil)
    }

    @Test("A log with no stack gives no place, and no threads")
    func none() {
        #expect(Backtrace(log: "error: Exited with unexpected signal code 3\n").threads.isEmpty)
        #expect(TestRunner.hangLocation(in: "Thread 1 but no colon", root: "/r") == nil)
    }
}
