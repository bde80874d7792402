import Foundation

/// Checks each pattern guide's "Common mistakes" table against what it cites, so it can't drift:
/// the kept wrong solution each row links, the rule that diff says it breaks, and the test named.
///
/// A row reads `| what the learner did | what a user sees | rule | test | diff |`:
/// - the diff is `[name](../../Tests/WrongSolutions/<Pattern>/<name>.diff)`, and must exist;
/// - its first line, `# … (rule 3.4)` or `(rules 3.4, 3.5)`, must cite the row's rule;
/// - each test, `` `Suite.function` ``, must be a function of that suite in the kata's tests.
///
/// `.ci/wrong-solutions` already holds every kept diff red, so a row names a mistake the tests
/// catch.
package struct MistakesCheck {
    let workspace: Workspace

    package init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The fewest rows a guide's table may have.
    static let fewestRows = 4

    /// One row of a guide's table, as written.
    struct Row {
        let line: Int
        let rule: String
        let tests: [(suite: String, function: String)]
        let diff: String?
    }

    /// Every problem in the nine pattern guides, one sentence each.
    package func problems() -> [String] {
        Catalog.patternKatas.flatMap(problems(of:))
    }

    /// The problems of one kata's guide.
    func problems(of kata: Kata) -> [String] {
        let guide = "docs/patterns/\(kata.pattern.guideFileName)"
        guard let rows = Self.rows(in: workspace.read(guide)) else {
            return [
                "\(guide) has no \"## Common mistakes\" section: give it a table of the kata's kept wrong "
                    + "solutions (what the learner did, what a user sees, rule, test, diff)."
            ]
        }
        var problems: [String] = []
        if rows.count < Self.fewestRows {
            problems.append(
                "\(guide)'s common mistakes list \(rows.count); show at least \(Self.fewestRows).")
        }
        let testFolder = "Tests/\(kata.pattern.testModule)"
        let sources = workspace.swiftSources(in: testFolder).map(\.text)
        for row in rows {
            let place = "\(guide):\(row.line)"
            guard let diff = row.diff else {
                problems.append(
                    "\(place) links no diff: end the row with [name](../../Tests/WrongSolutions/"
                        + "\(kata.pattern.name)/name.diff).")
                continue
            }
            let path = "Tests/WrongSolutions/\(kata.pattern.name)/\(diff).diff"
            let header = workspace.read(path).prefix { $0 != "\n" }
            if header.isEmpty {
                problems.append("\(place) links \(path), which doesn't exist (retired or renamed?).")
            } else if !Self.citedRules(in: String(header)).contains(row.rule) {
                problems.append(
                    "\(place) says rule \(row.rule); \(path) says: \(header). Make them agree.")
            }
            if row.tests.isEmpty {
                problems.append("\(place) names no test: write it as `Suite.function`.")
            }
            for test in row.tests
            where !sources.contains(where: {
                $0.contains("struct \(test.suite) {") && $0.contains("func \(test.function)(")
            }) {
                problems.append(
                    "\(place) names `\(test.suite).\(test.function)`, which \(testFolder) doesn't declare.")
            }
        }
        return problems
    }

    /// The rows of the "## Common mistakes" table, or `nil` when the guide has no such section.
    static func rows(in guide: String) -> [Row]? {
        let lines = guide.numberedLines
        guard let start = lines.firstIndex(where: { $0.line == "## Common mistakes" }) else { return nil }
        let section = lines[(start + 1)...].prefix { !$0.line.hasPrefix("## ") }
        return section.filter {
            $0.line.hasPrefix("|") && !$0.line.hasPrefix("|---")
                && !$0.line.hasPrefix("| What the learner did")
        }
        .map { number, line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5 else { return Row(line: number, rule: "", tests: [], diff: nil) }
            let tests = cells[3].matches(of: /`(\w+)\.(\w+)`/).map { (String($0.1), String($0.2)) }
            let diff = cells[4].firstMatch(of: /WrongSolutions\/\w+\/([\w-]+)\.diff\)/).map { String($0.1) }
            return Row(line: number, rule: cells[2], tests: tests, diff: diff)
        }
    }

    /// The rule numbers a diff's first line cites: `(rule 3.4)`, `(rules 2.1, 4.3)`.
    static func citedRules(in header: String) -> Set<String> {
        Set(
            header.matches(of: /\(rules? ([^)]*)\)/).flatMap { match in
                match.1.matches(of: /\d+\.\d+/).map { String($0.output) }
            })
    }
}
