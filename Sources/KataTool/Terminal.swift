import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the tool writes, and how: colours only for a terminal and never with `NO_COLOR`.
struct Terminal: Sendable {
    /// Whether standard output is a terminal (not a pipe or a file).
    var isInteractive: Bool
    /// Whether to colour the output.
    var usesColor: Bool

    /// The terminal the tool runs in, as the environment describes it.
    static var current: Terminal {
        let interactive = isatty(STDOUT_FILENO) == 1
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
        return Terminal(isInteractive: interactive, usesColor: interactive && !noColor && !dumb)
    }

    /// Plain text, for tests.
    static let plain = Terminal(isInteractive: false, usesColor: false)

    enum Color: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case dim = "2"
        case bold = "1"
    }

    /// `text` in `color`, or as it is when colours are off.
    func paint(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// A green ✔ when `ok`, a red ✘ otherwise.
    func mark(_ ok: Bool) -> String {
        ok ? paint("✔", .green) : paint("✘", .red)
    }

    /// Clears the screen, on a terminal only.
    func clearScreen() {
        if isInteractive { print("\u{1B}[2J\u{1B}[H", terminator: "") }
    }

    /// Whether there is someone to ask: standard input is a terminal.
    static var canAsk: Bool { isatty(STDIN_FILENO) == 1 }

    /// Asks a yes-or-no question on the terminal; `false` without asking when there is no one
    /// to ask (standard input is not a terminal).
    static func confirm(_ question: String) -> Bool {
        guard canAsk else { return false }
        print("\(question) [y/N] ", terminator: "")
        flush()
        // Nothing runs while the tool asks, so Ctrl-C (or Ctrl-\\, or a closed terminal) may end it
        // at once, as it does anywhere else.
        for stop in Interrupt.signals { signal(stop, SIG_DFL) }
        defer { Interrupt.install() }
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Asks a question on the terminal and returns the answer, trimmed; `nil` when there is no
    /// one to ask, or no answer (Enter alone, or the end of input).
    static func ask(_ question: String) -> String? {
        guard canAsk else { return nil }
        print("\(question) ", terminator: "")
        flush()
        for stop in Interrupt.signals { signal(stop, SIG_DFL) }
        defer { Interrupt.install() }
        let answer = readLine()?.trimmingCharacters(in: .whitespaces)
        return answer?.isEmpty == false ? answer : nil
    }

    /// Writes out what `print` has buffered: standard output is a pipe or a file when a
    /// script or an editor runs the tool.
    static func flush() {
        fflush(nil)
    }

    /// Writes to standard error.
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
