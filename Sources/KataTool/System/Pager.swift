import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Long text on a terminal goes through a pager, as git does it: `$PAGER`, else `less`.
///
/// Not on a terminal (a pipe, a file, an editor's task), or when the text fits on the screen,
/// it is printed as it is. `PAGER=cat` turns the pager off.
enum Pager {
    static func show(_ text: String, terminal: Terminal) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        guard terminal.isInteractive, lines > screenHeight() - 1, let pager = command() else {
            print(text)
            return
        }
        guard run(pager, input: text + "\n") else {
            print(text)
            return
        }
    }

    /// Runs the pager with `input` on its standard input, in the tool's own process group (a
    /// process group of its own would be a background job, which the terminal stops as soon as
    /// it reads a key), and waits for it to end; `false` if it could not start.
    private static func run(_ pager: [String], input: String) -> Bool {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return false }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        var environment = ProcessInfo.processInfo.environment
        // What git sets: quit when it fits, keep colours, leave the text on screen.
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        let pid = try? Spawn.start(
            pager, environment: environment, actions: [.duplicate(readEnd, as: 0), .close(writeEnd)])
        close(readEnd)
        guard let pid else {
            close(writeEnd)
            return false
        }
        // The learner may quit before reading it all: a closed pipe is no error here.
        let previous = signal(SIGPIPE, SIG_IGN)
        input.utf8CString.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            let count = buffer.count - 1  // without the final NUL
            while offset < count {
                let written = write(writeEnd, base + offset, count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        close(writeEnd)
        // The pager answers Ctrl-C itself; the tool only waits for it to end.
        Spawn.wait(for: pid)
        signal(SIGPIPE, previous)
        return true
    }

    /// The pager to run, its name (looked up on the `PATH`) and arguments; `nil` for none.
    static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String]? {
        let chosen = (environment["PAGER"] ?? "less").trimmingCharacters(in: .whitespaces)
        let words = chosen.split(separator: " ").map(String.init)
        guard let first = words.first, first != "cat" else { return nil }
        let found = (environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(first)")
        }
        return found || first.hasPrefix("/") ? words : nil
    }

    /// The terminal's height, in lines; 24 when it does not say.
    private static func screenHeight() -> Int { Terminal.size()?.rows ?? 24 }
}
