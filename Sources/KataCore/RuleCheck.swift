import Foundation

/// Checks that every rule a brief numbers is tested, and that every test cites rules that exist.
///
/// The convention, in one place:
/// - A brief states each step's rules as a list in that step's section, each item starting with
///   its number in bold: `- **2.3** A send leaves the hold only once it has gone out.`
/// - A test cites the rules it checks at the end of its display name, in brackets:
///   `@Test("A drop mid-flush keeps the rest, in order [2.3, 2.4]")`. The learner sees the
///   numbers in every result and finds the rule in the brief.
/// - A suite's escape-hatch trait cites the rule that asks for none:
///   `@Suite("…", .noEscapeHatches("State", rule: "1.2"))` fails every test of the suite while
///   the kata's files switch a check off, so it counts as the test of that rule.
package struct RuleCheck {
    /// One numbered rule of a brief.
    package struct Rule: Equatable {
        /// `"2.3"`.
        let number: String
        /// The step it belongs to: the number before the dot.
        let step: Int
        /// The brief's line (1-based).
        let line: Int
    }

    /// One `@Test` of a kata's tests, and the rules its display name cites.
    struct CitingTest: Equatable {
        let file: String
        let line: Int
        let name: String
        let cited: [String]
    }

    let workspace: Workspace

    package init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Every problem in every kata of the catalog, one sentence each.
    package func problems() -> [String] {
        Catalog.katas.flatMap { problems(of: $0) }
    }

    /// What is wrong with `kata`'s rules and citations.
    package func problems(of kata: Kata) -> [String] {
        let briefPath = "Katas/\(kata.pattern.name)/README.md"
        let brief = workspace.read(briefPath)
        let tests = workspace.swiftSources(in: "Tests/\(kata.pattern.testModule)").flatMap {
            Self.citingTests(in: $0.text, file: $0.path)
        }
        return Self.problems(
            rules: Self.rules(inBrief: brief), briefPath: briefPath, briefSteps: Brief(markdown: brief),
            stepCount: kata.stepCount, tests: tests, firstStep: kata.isCapstone ? 0 : 1)
    }

    /// The problems of one kata, from what was read of its brief and tests.
    ///
    /// - Parameter firstStep: 0 for a capstone, whose safety net states rules 0.x under
    ///   `## Step 0`; 1 for a pattern's kata.
    static func problems(
        rules: [Rule], briefPath: String, briefSteps: Brief, stepCount: Int, tests: [CitingTest],
        firstStep: Int = 1
    ) -> [String] {
        var problems: [String] = []
        let known = Set(rules.map(\.number))
        for step in firstStep...max(stepCount, 1) where !rules.contains(where: { $0.step == step }) {
            problems.append(
                "\(briefPath): step \(step) states no numbered rules. List them in its section, "
                    + "one per line: `- **\(step).1** …`.")
        }
        var seen: Set<String> = []
        for rule in rules {
            if !seen.insert(rule.number).inserted {
                problems.append("\(briefPath):\(rule.line): rule \(rule.number) is numbered twice.")
            }
            let section = briefSteps.steps.last { $0.line <= rule.line }?.number
            if rule.step < firstStep {
                problems.append(
                    "\(briefPath):\(rule.line): rule \(rule.number) is a step 0 rule, and only a capstone has a "
                        + "step 0 (its safety net). Number it after the step it belongs to.")
            } else if section != rule.step {
                problems.append(
                    "\(briefPath):\(rule.line): rule \(rule.number) stands in "
                        + (section.map { "step \($0)'s section" } ?? "no step's section")
                        + "; a rule's number starts with its step's.")
            }
        }
        for test in tests {
            if test.cited.isEmpty {
                problems.append(
                    "\(test.file):\(test.line): the test \"\(test.name)\" cites no rule. End its display "
                        + "name with the rules it checks, such as [2.1, 2.3].")
            }
            for number in test.cited where !known.contains(number) {
                problems.append(
                    "\(test.file):\(test.line): the test \"\(test.name)\" cites rule \(number), which "
                        + "\(briefPath) doesn't state.")
            }
        }
        let cited = Set(tests.flatMap(\.cited))
        for rule in rules where !cited.contains(rule.number) {
            problems.append(
                "\(briefPath):\(rule.line): rule \(rule.number) has no test. Write one that cites "
                    + "[\(rule.number)], or take the rule out of the brief.")
        }
        return problems
    }

    /// The numbered rules in a brief: list items that start with a bold `N.M`.
    package static func rules(inBrief markdown: String) -> [Rule] {
        markdown.numberedLines.compactMap { number, line in
            guard line.contains("**"),
                let match = line.firstMatch(of: /^\s*[-*]\s+\*\*(\d+)\.(\d+)\*\*/),
                let step = Int(match.1)
            else { return nil }
            return Rule(number: "\(match.1).\(match.2)", step: step, line: number)
        }
    }

    /// The `@Test`s in a Swift source, each with the rules its display name cites.
    static func citingTests(in source: String, file: String) -> [CitingTest] {
        let traits = source.matches(of: /\.noEscapeHatches\(\s*"\w+"\s*,\s*rule:\s*"(\d+\.\d+)"\s*\)/).map {
            match in
            CitingTest(
                file: file, line: source.lineNumber(at: match.range.lowerBound),
                name: "the suite's escape-hatch trait", cited: [String(match.1)])
        }
        guard source.contains("@Test") else { return traits }
        return traits
            + source.matches(of: /@Test\(\s*"((?:[^"\\\n]|\\.)*)"/).map { match in
                let name = String(match.1)
                let cited =
                    name.firstMatch(of: /\[(\d+\.\d+(?:\s*,\s*\d+\.\d+)*)\]\s*$/).map {
                        $0.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    } ?? []
                return CitingTest(
                    file: file, line: source.lineNumber(at: match.range.lowerBound), name: name, cited: cited)
            }
    }
}
