import Foundation
import KataCore

/// The console the tool runs in: the terminal standard output goes to, and the learner at its
/// keyboard (questions, Ctrl-C's default while asking).
package enum Console {
    /// The terminal standard output goes to, as the environment describes it: colours only
    /// for a terminal and never with `NO_COLOR`.
    package static var terminal: Terminal {
        let interactive = isatty(STDOUT_FILENO) == 1
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
        return Terminal(
            isInteractive: interactive, usesColor: interactive && !noColor && !dumb,
            width: interactive ? size()?.columns ?? 80 : nil)
    }

    /// The size of the terminal standard output goes to, or `nil` when it is not one (or says 0).
    static func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Clears the screen, on a terminal only.
    package static func clearScreen(of terminal: Terminal) {
        if terminal.isInteractive { print("\u{1B}[2J\u{1B}[H", terminator: "") }
    }

    /// Whether there is someone to ask: standard input is a terminal.
    package static var canAsk: Bool { isatty(STDIN_FILENO) == 1 }

    /// Asks a yes-or-no question on the terminal; `false` without asking when there is no one
    /// to ask (standard input is not a terminal).
    package static func confirm(_ question: String) -> Bool {
        guard canAsk, let answer = answer(to: terminal.wrapped("\(question) [y/N]") + " ") else {
            return false
        }
        return ["y", "yes"].contains(answer.lowercased())
    }

    /// Asks a question on the terminal and returns the answer, trimmed; `nil` when there is no
    /// one to ask, or no answer (Enter alone, or the end of input).
    package static func ask(_ question: String) -> String? {
        guard canAsk, let answer = answer(to: "\(question) "), !answer.isEmpty else { return nil }
        return answer
    }

    /// Shows `prompt` and reads one line, trimmed; `nil` at the end of input.
    private static func answer(to prompt: String) -> String? {
        print(prompt, terminator: "")
        flush()
        // Nothing runs while the tool asks, so Ctrl-C (or Ctrl-\\, or a closed terminal) may end it
        // at once, as it does anywhere else.
        for stop in Interrupt.signals { signal(stop, SIG_DFL) }
        defer { Interrupt.install() }
        return readLine()?.trimmingCharacters(in: .whitespaces)
    }

    /// Writes out what `print` has buffered: standard output is a pipe or a file when a
    /// script or an editor runs the tool.
    package static func flush() {
        fflush(nil)
    }
}
