import Foundation

/// A kata's brief (`Katas/<Pattern>/README.md`), read for its steps.
///
/// The steps' hints are not here: they live in ``Hints`` (`Katas/<Pattern>/HINTS.md`), so the
/// brief shows the rules without their answers.
package struct Brief: Equatable {
    /// The step sections (`## Step N: …`), in the order they appear.
    let steps: [StepHeading]

    /// Reads the brief's Markdown.
    init(markdown: String) {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        steps = lines.enumerated().compactMap { index, line in
            line.hasPrefix("## ") ? StepHeading(String(line.dropFirst(3)), line: index + 1) : nil
        }
    }

    /// The section of step `number`, if the brief has one.
    package func step(_ number: Int) -> StepHeading? {
        steps.first { $0.number == number }
    }
}

/// A `## Step N: …` heading, in a brief or in its hints.
package struct StepHeading: Equatable {
    /// The step's number, from its heading.
    let number: Int
    /// The heading's text after `## `, such as `Step 2: search near an address`.
    package let heading: String
    /// The heading's line in its file (1-based).
    package let line: Int

    /// The heading whose text (after `## `) is `text`, on line `line`; `nil` when it is no
    /// step's.
    init?(_ text: String, line: Int) {
        guard let match = text.firstMatch(of: /^Step (\d+)\b/), let number = Int(match.1) else { return nil }
        self.number = number
        self.heading = text
        self.line = line
    }
}
