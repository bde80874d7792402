import Foundation

/// A kata's hints (`Katas/<Pattern>/HINTS.md`), read by step, gentlest first.
///
/// The file is the hints' one home: `kata hint` and the `h` key of `kata watch` read them here.
/// The brief only points to it, so a learner reading a step's rules doesn't see its answer a
/// few lines below. The format:
///
/// ````markdown
/// # Strategy: hints
///
/// One short paragraph.
///
/// ## Step 1: search by name
///
/// ### Hint 1
///
/// The gentlest hint. It may hold a fenced code block:
///
/// ```swift
/// # a line in a fence is text, never a heading
/// ```
///
/// ### Hint 2
///
/// A more explicit one.
/// ````
///
/// Each `## Step N: …` heading is the brief's step heading; each `### Hint …` heading starts
/// one hint, which runs to the next heading outside a code fence.
package struct Hints: Equatable {
    /// One `## Step N: …` section.
    package struct Step: Equatable {
        /// Its heading.
        let section: StepHeading
        var number: Int { section.number }
        var heading: String { section.heading }
        var line: Int { section.line }
        /// The hints' texts, gentlest first: what follows each `### Hint …` heading, trimmed.
        ///
        /// An empty string is a hint heading with nothing under it.
        package let hints: [String]
    }

    /// The step sections, in the order they appear.
    let steps: [Step]

    /// Where a kata's hints are, relative to the repository: `Katas/Strategy/HINTS.md`.
    package static func path(of kata: Kata) -> String {
        "Katas/\(kata.pattern.name)/HINTS.md"
    }

    /// Reads the hints' Markdown.
    init(markdown: String) {
        var steps: [Step] = []
        // The step section being read, with the lines of each of its hints; `nil` outside one.
        var step: (section: StepHeading, hints: [[String]])?
        // The open fence's character and length: "```" opens one that only "```" or longer closes.
        var fence: (character: Character, count: Int)?
        func finishStep() {
            if let step {
                let hints = step.hints.map {
                    $0.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                }
                steps.append(Step(section: step.section, hints: hints))
            }
            step = nil
        }

        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            let level = line.prefix { $0 == "#" }.count
            let title = line.dropFirst(level)
            let isHeading = fence == nil && level > 0 && title.first == " "
            if isHeading, level <= 2 {
                finishStep()
                let heading = title.trimmingCharacters(in: .whitespaces)
                if level == 2 { step = StepHeading(heading, line: index + 1).map { ($0, []) } }
            } else if isHeading, level == 3, step != nil,
                title.trimmingCharacters(in: .whitespaces).hasPrefix("Hint")
            {
                step?.hints.append([])
            } else {
                if let marker = Self.fenceMarker(line) {
                    if let open = fence {
                        if marker.character == open.character, marker.count >= open.count, marker.isBare {
                            fence = nil
                        }
                    } else {
                        fence = (marker.character, marker.count)
                    }
                }
                if let hint = step?.hints.indices.last { step?.hints[hint].append(line) }
            }
        }
        finishStep()
        self.steps = steps
    }

    /// The section of step `number`, if the file has one.
    package func step(_ number: Int) -> Step? {
        steps.first { $0.number == number }
    }

    /// A line that opens or closes a code fence: up to three spaces, then three or more
    /// backticks or tildes; `isBare` when nothing but spaces follows (only such a line closes).
    private static func fenceMarker(_ line: String) -> (character: Character, count: Int, isBare: Bool)? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let character = rest.first, character == "`" || character == "~" else { return nil }
        let count = rest.prefix { $0 == character }.count
        guard count >= 3 else { return nil }
        return (character, count, rest.dropFirst(count).allSatisfy { $0 == " " || $0 == "\t" })
    }
}
