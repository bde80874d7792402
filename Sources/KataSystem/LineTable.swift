import Foundation
import KataCore

/// The source line of a frame the backtracer gave none for, read from the binary's debug
/// information with the toolchain's `llvm-objdump`.
///
/// A loop with an empty body (`while true {}`) spins on a few instructions, most of which the
/// compiler marks with line 0, "no line": the backtracer then names the file and the function
/// only. The jump that closes the loop carries the loop's line, so the first line the line table
/// gives after the frame's address, in the same function and file, is the line the learner wrote;
/// failing that, the last one before it.
///
/// Linux only: on macOS the image is a Mach-O whose addresses start elsewhere, and this has not
/// been tried there; the tool then names the function alone.
enum LineTable {
    /// The line of `frame`, in `backtrace`'s process, from the line table; `nil` when the image,
    /// the tool or the line can't be found.
    static func line(of frame: Backtrace.Frame, in backtrace: Backtrace) -> Int? {
        #if os(Linux)
            guard let address = frame.address, let offset = frame.offset, let file = frame.file,
                let image = backtrace.images.first(where: { $0.name == frame.image }), address >= image.base,
                let objdump = objdump()
            else { return nil }
            // A position-independent ELF binary is loaded whole at its base: its addresses are the
            // offsets from there.
            let relative = address - image.base
            guard relative >= offset else { return nil }
            let output = CapturedCommand.run([
                objdump, "--disassemble", "--line-numbers", "--no-show-raw-insn",
                "--start-address=0x" + String(relative - offset, radix: 16),
                "--stop-address=0x" + String(relative + 256, radix: 16), image.path,
            ])
            guard let output, output.status == 0 else { return nil }
            return nearestLine(inDisassembly: output.text, at: relative, file: file)
        #else
            return nil
        #endif
    }

    /// The line of the instruction at `address`, from the disassembly `llvm-objdump
    /// --line-numbers` printed from its function's start: the first line named for `file` after
    /// it, before the function ends; failing that, the last one named before it.
    ///
    /// ```
    /// ; /…/Katas/Factory/SchemeConnectionFactory.swift:41
    ///   1a8504:      	movq	-0x28(%rbp), %rax        ← address: line 0
    ///   1a8508:      	movq	%rax, -0x28(%rbp)
    /// ; /…/Katas/Factory/SchemeConnectionFactory.swift:50
    ///   1a850c:      	jmp	0x1a8504 <…>                ← the loop's jump: line 50
    /// ```
    ///
    /// `llvm-objdump` names a line where it changes, and says nothing where it becomes 0.
    static func nearestLine(inDisassembly text: String, at address: UInt64, file: String) -> Int? {
        var before: Int?
        var past = false
        var started = false
        for row in text.split(separator: "\n") {
            if let match = row.firstMatch(of: /^; (.+):(\d+)$/) {
                guard match.1 == file, let line = Int(match.2) else { continue }
                if past { return line }
                before = line
            } else if let instruction = row.firstMatch(of: /^\s*([0-9a-fA-F]+):/),
                let at = UInt64(instruction.1, radix: 16)
            {
                started = true
                if at >= address { past = true }
            } else if started, row.firstMatch(of: /^[0-9a-fA-F]+ <.*>:$/) != nil {
                break  // the next function
            }
        }
        return before
    }

    /// The toolchain's `llvm-objdump`: the one beside `swift` first (another LLVM's on the PATH
    /// may not read this compiler's debug information), then any on the PATH.
    static func objdump() -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(
            String.init)
        let isExecutable = FileManager.default.isExecutableFile(atPath:)
        let swift = folders.map { $0 + "/swift" }.first(where: isExecutable).map { URL(filePath: $0) }
        let beside = swift?.resolvingSymlinksInPath().deletingLastPathComponent().appending(
            path: "llvm-objdump")
        let candidates = (beside.map { [$0.path] } ?? []) + folders.map { $0 + "/llvm-objdump" }
        return candidates.first(where: isExecutable)
    }
}
