import Foundation

/// A kata's brief (`Katas/<Pattern>/README.md`), read for its steps and their hints.
///
/// The brief is the hints' one home: `kata hint` reads them here, never from a copy.
struct Brief: Equatable {
    /// One `## Step N: …` section.
    struct Step: Equatable {
        /// The step's number, from its heading.
        let number: Int
        /// The heading's text after `## `, such as `Step 2: search near an address`.
        let heading: String
        /// The heading's line in the brief (1-based).
        let line: Int
        /// The hints' texts, gentlest first: what each `<details><summary>Hint …</summary>`
        /// block holds, without the tags.
        let hints: [String]
    }

    /// The step sections, in the order they appear.
    let steps: [Step]

    /// Reads the brief's Markdown.
    init(markdown: String) {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var steps: [Step] = []
        var current: (number: Int, heading: String, line: Int)?
        var hints: [String] = []
        var hint: [String]?

        func finishStep() {
            if let current {
                steps.append(
                    Step(number: current.number, heading: current.heading, line: current.line, hints: hints))
            }
            current = nil
            hints = []
        }

        for (index, line) in lines.enumerated() {
            if var text = hint {
                if let end = line.range(of: "</details>") {
                    text.append(String(line[..<end.lowerBound]))
                    hints.append(text.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
                    hint = nil
                } else {
                    text.append(line)
                    hint = text
                }
            } else if line.hasPrefix("## ") {
                finishStep()
                let heading = String(line.dropFirst(3))
                if let match = heading.firstMatch(of: /^Step (\d+)\b/), let number = Int(match.1) {
                    current = (number, heading, index + 1)
                }
            } else if current != nil, line.contains("<summary>"),
                let summary = line.firstMatch(of: /<details><summary>\s*Hint[^<]*<\/summary>/)
            {
                let rest = line[summary.range.upperBound...]
                // A hint on one line: `<details><summary>Hint 1</summary>Text</details>`.
                if let end = rest.range(of: "</details>") {
                    hints.append(
                        String(rest[..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines))
                } else {
                    hint = [String(rest)]
                }
            }
        }
        finishStep()
        self.steps = steps
    }

    /// The section of step `number`, if the brief has one.
    func step(_ number: Int) -> Step? {
        steps.first { $0.number == number }
    }
}
