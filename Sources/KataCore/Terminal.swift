import Foundation

/// How the tool's words look where they go: colours or not, and how wide a line may be.
///
/// KataSystem's `Console.terminal` says which, for standard output; tests take ``plain``.
package struct Terminal: Sendable {
    /// Whether standard output is a terminal (not a pipe or a file).
    package var isInteractive: Bool
    /// Whether to colour the output.
    package var usesColor: Bool
    /// How many columns a line may take before ``wrapped(_:)`` breaks it; `nil` when the output
    /// is not a terminal (a pipe, a file, an editor's pane wrap lines their own way).
    var width: Int? = nil

    package init(isInteractive: Bool, usesColor: Bool, width: Int? = nil) {
        (self.isInteractive, self.usesColor, self.width) = (isInteractive, usesColor, width)
    }

    /// `text` with every line longer than ``width`` broken between words, so the terminal never
    /// breaks one inside a word; as it is when there is no width.
    package func wrapped(_ text: String) -> String {
        width.map { Self.wrap(text, width: $0) } ?? text
    }

    /// `text` with every line broken between words to at most `width` visible columns.
    ///
    /// Colour codes take no column. A broken line goes on indented as it began, 2 more when it
    /// began indented (a list's item, a message under its label). Text in double quotes holds
    /// together unless it is wider than a line; a word wider than a line (a path) stays whole.
    package static func wrap(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard visibleWidth(line) > width else { return String(line) }
            // A painted line begins with its colour's code: the indentation is the spaces after it.
            let code = line.firstMatch(of: /^(?:\u{1B}\[[0-9;]*m)*/).map { $0.output.count } ?? 0
            let leading = line.dropFirst(code).prefix { $0 == " " }.count
            let indent = String(repeating: " ", count: min(leading == 0 ? 0 : leading + 2, width / 2))
            var lines: [String] = []
            var current = String(line.prefix(code + leading))
            var currentWidth = leading
            let pieces = words(line.dropFirst(code + leading), room: width - indent.count)
            for (index, word) in pieces.enumerated() {
                let wordWidth = visibleWidth(word)
                if index > 0, currentWidth + 1 + wordWidth > width {
                    lines.append(current)
                    current = indent + word
                    currentWidth = indent.count + wordWidth
                } else {
                    let space = index > 0 ? " " : ""
                    current += space + word
                    currentWidth += space.count + wordWidth
                }
            }
            lines.append(current)
            return lines.joined(separator: "\n")
        }
        .joined(separator: "\n")
    }

    /// The words of `text`, split at each space but those inside double quotes: a quoted name
    /// (a test's, an expectation's value) holds together, unless it is wider than `room` alone.
    static func words(_ text: Substring, room: Int) -> [Substring] {
        var words: [Substring] = []
        var start = text.startIndex
        var quoted = false
        for index in text.indices {
            if text[index] == "\"" {
                quoted.toggle()
            } else if text[index] == " ", !quoted {
                words.append(text[start..<index])
                start = text.index(after: index)
            }
        }
        words.append(text[start...])
        return words.flatMap { word in
            visibleWidth(word) > room ? word.split(separator: " ", omittingEmptySubsequences: false) : [word]
        }
    }

    /// How many columns `text` takes: its characters but for colour codes (`ESC [ … m`).
    static func visibleWidth(_ text: some StringProtocol) -> Int {
        String(text).replacing(/\u{1B}[^m]*m?/, with: "").count
    }

    /// Plain text, for tests.
    static let plain = Terminal(isInteractive: false, usesColor: false)

    package enum Color: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case dim = "2"
        case bold = "1"
    }

    /// `text` in `color`, or as it is when colours are off.
    package func paint(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// A green ✔ when `ok`, a red ✘ otherwise.
    package func mark(_ ok: Bool) -> String {
        ok ? paint("✔", .green) : paint("✘", .red)
    }
}
