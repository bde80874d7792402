import Foundation
import KataCore

/// Long text on a terminal goes through a pager, as git does it: `$PAGER`, else `less`.
///
/// Not on a terminal (a pipe, a file, an editor's task), or when the text fits on the screen,
/// it is printed as it is. `PAGER=cat` turns the pager off.
package enum Pager {
    package static func show(_ text: String, terminal: Terminal) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let screenHeight = Console.size()?.rows ?? 24
        guard terminal.isInteractive, lines > screenHeight - 1, let pager = command(),
            run(pager, input: text + "\n")
        else {
            print(text)
            return
        }
    }

    /// Runs the pager with `input` on its standard input, in the tool's own process group (a
    /// process group of its own would be a background job, which the terminal stops as soon as
    /// it reads a key), and waits for it to end; `false` if it could not start.
    private static func run(_ pager: [String], input: String) -> Bool {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        let writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        var environment = ProcessInfo.processInfo.environment
        // What git sets: quit when it fits, keep colours, leave the text on screen.
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        let child = try? ChildProcess(
            pager, environment: environment, actions: [.duplicate(ends[0], as: 0), .close(ends[1])])
        close(ends[0])
        guard let child else { return false }
        // The learner may quit before reading it all: a closed pipe is no error here.
        let previous = signal(SIGPIPE, SIG_IGN)
        try? writing.write(contentsOf: Data(input.utf8))
        try? writing.close()
        // The pager answers Ctrl-C itself; the tool only waits for it to end.
        child.wait()
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
}
