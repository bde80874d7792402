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
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = pager
        var environment = ProcessInfo.processInfo.environment
        // What git sets: quit when it fits, keep colours, leave the text on screen.
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            print(text)
            return
        }
        // The pager handles Ctrl-C itself; the tool only waits for it.
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The pager to run, as arguments to `env`; `nil` for none.
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
    private static func screenHeight() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
        return Int(size.ws_row)
    }
}
