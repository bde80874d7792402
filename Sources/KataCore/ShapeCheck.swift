import Foundation

/// Checks that every kata has the files `docs/contributing.md` asks for, without building
/// anything.
package struct ShapeCheck {
    /// The package's root folder.
    let root: URL

    private var workspace: Workspace { Workspace(root: root) }

    package init(root: URL) { self.root = root }

    /// The patterns (and capstones) that have a kata or a solution folder.
    package func patternsPresent() -> [Pattern] { presentKatas().map(\.pattern) }

    /// Everything that is missing or wrong, one sentence each; empty when the shape holds.
    package func problems() -> [String] {
        let known = Set(Catalog.katas.map(\.pattern.name))
        var problems = patternFolders().sorted().filter { !known.contains($0) }.map { folder in
            "\(folder) is not one of the nine patterns (\(Pattern.all.map(\.name).joined(separator: ", "))) "
                + "nor a capstone (\(Catalog.capstones.map(\.pattern.name).joined(separator: ", "))): "
                + "add it to Sources/KataCore/Catalog.swift, or remove the folder."
        }
        let present = presentKatas()
        if !present.contains(where: { !$0.isCapstone }) {
            problems.append("No kata found: Katas/<Pattern>/ holds none of the nine patterns.")
        }
        return problems + present.flatMap(problems(of:)) + duplicateFileProblems()
    }

    /// The catalog's katas and capstones that have a folder, in name order.
    private func presentKatas() -> [Kata] {
        let names = patternFolders()
        return Catalog.katas.filter { names.contains($0.pattern.name) }.sorted { $0.pattern < $1.pattern }
    }

    /// The folder names under `Katas/` and `Solutions/`, together.
    private func patternFolders() -> Set<String> {
        let folders = ["Katas", "Solutions"].flatMap { parent in
            let entries = try? FileManager.default.contentsOfDirectory(
                atPath: root.appending(path: parent).path)
            return (entries ?? []).filter { !$0.hasPrefix(".") && isFolder("\(parent)/\($0)") }
        }
        return Set(folders)
    }

    private func problems(of entry: Kata) -> [String] {
        let pattern = entry.pattern
        let kata = "Katas/\(pattern.name)"
        let solution = "Solutions/\(pattern.name)"
        let tests = "Tests/\(pattern.testModule)"
        let documents = [
            ("\(kata)/README.md", "kata", "brief"),
            ("docs/patterns/\(pattern.guideFileName)", "pattern", "guide"),
        ]
        var problems: [String] = []
        for (path, owner, document) in documents
        where workspace.read(path).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append(
                "\(path) is missing or empty: every \(entry.isCapstone ? "capstone" : owner) needs its \(document)."
            )
        }
        let stubs = workspace.swiftFiles(in: kata)
        let solved = workspace.swiftFiles(in: solution)
        if stubs.isEmpty { problems.append("\(kata) has no .swift stubs.") }
        if solved.isEmpty { problems.append("\(solution) has no .swift files.") }
        // A capstone's refactoring extracts types into files of their own, and may retire
        // legacy ones: its solution's files need not be its stubs'.
        if !entry.isCapstone, !stubs.isEmpty, !solved.isEmpty, stubs != solved {
            let onlyKata = stubs.filter { !solved.contains($0) }
            let onlySolution = solved.filter { !stubs.contains($0) }
            problems.append(
                "\(kata) and \(solution) must have the same file names"
                    + (onlyKata.isEmpty ? "" : "; only in the kata: \(onlyKata.joined(separator: ", "))")
                    + (onlySolution.isEmpty
                        ? "" : "; only in the solution: \(onlySolution.joined(separator: ", "))")
                    + ".")
        }
        for folder in [kata, solution] where isFolder("\(folder)/Given") {
            problems.append(
                "\(folder)/Given/ must go: a kata folder holds only the files the learner writes. "
                    + "Code a kata needs but doesn't ask for lives once, in its domain module.")
        }
        let testSources = workspace.swiftSources(in: tests)
        if testSources.isEmpty { problems.append("\(tests) has no tests.") }
        let suiteSteps = Set(testSources.flatMap { Self.suiteSteps(in: $0.text) })
        let stubSources = workspace.swiftSources(in: kata)
        var todoSteps: Set<Int> = []
        for (path, text) in stubSources {
            for todo in Self.todoSteps(in: text) {
                todoSteps.insert(todo.step)
                let place = "\(path):\(todo.line) has a TODO for step \(todo.step)"
                if entry.isCapstone, todo.step == 0 {
                    if entry.capstone?.learnerNet == nil {
                        problems.append(
                            "\(place), but step 0 is the safety net: it pins the legacy code and asks for no "
                                + "code. Move the TODO to the step that changes it.")
                    } else if !path.hasPrefix("\(kata)/Net/") {
                        // Step 0 is the learner's net: its tests, in Net/, are its only code.
                        problems.append(
                            "\(place), but step 0 is the learner's net: its TODO belongs in \(kata)/Net/, "
                                + "beside the tests it asks for.")
                    }
                } else if !testSources.isEmpty, !suiteSteps.contains(todo.step) {
                    problems.append(
                        "\(place), but \(tests) has no \"Step \(todo.step) —\" suite to check it.")
                }
            }
        }
        for step in suiteSteps.subtracting(todoSteps).sorted() where !stubs.isEmpty {
            problems.append(
                "\(tests) has a suite for step \(step), but no stub in \(kata) has a `// TODO: Step \(step)`: "
                    + "every step asks for new learner code.")
        }
        for (path, text) in stubSources {
            for finding in Self.crashingCalls(in: text) {
                problems.append(
                    "\(path):\(finding.line) uses \(finding.call): a stub must never crash the test run.")
            }
        }
        return problems
    }

    /// Swift files with the same content at two or more paths under `Katas/`, `Solutions/` and
    /// `Sources/`, one sentence per group.
    ///
    /// Every file has one home: code that several katas need lives once, in a domain module. A
    /// copy drifts from its original the day one of them is fixed.
    func duplicateFileProblems() -> [String] {
        let sources = ["Katas", "Solutions", "Sources"].flatMap(workspace.swiftSources(in:))
            .map { (path: $0.path, text: $0.text.trimmingCharacters(in: .whitespacesAndNewlines)) }
            .filter { !$0.text.isEmpty }
        return Dictionary(grouping: sources, by: \.text).values.filter { $0.count > 1 }.map {
            $0.map(\.path).sorted()
        }
        .sorted { $0[0] < $1[0] }
        .map { paths in
            "\(paths.joined(separator: " and ")) have the same content: every Swift file has one home. "
                + "Keep one, in the domain module if several katas need it, and delete the others."
        }
    }

    /// The `// TODO: Step N` marks in a stub, with their lines.
    package static func todoSteps(in source: String) -> [(line: Int, step: Int)] {
        source.numberedLines.compactMap { number, line in
            // A plain search first: Swift's Regex is slow, and watch mode reads every stub each run.
            guard line.contains("TODO: Step ") else { return nil }
            return line.firstMatch(of: /TODO: Step (\d+)/).flatMap { Int($0.1) }.map { (number, $0) }
        }
    }

    /// The step numbers of the suites declared in a test file: `@Suite("Strategy · Step 2 — …")`.
    static func suiteSteps(in source: String) -> [Int] {
        source.matches(of: /@Suite\(\s*"[^"\n]*Step (\d+) —/).compactMap { Int($0.1) }
    }

    /// Calls that would crash the test process, found in code (comments are ignored).
    static func crashingCalls(in source: String) -> [(line: Int, call: String)] {
        source.numberedLines.flatMap { number, line in
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
            return ["fatalError(", "preconditionFailure(", "try!"].filter { code.contains($0) }.map {
                (number, $0.hasSuffix("(") ? String($0.dropLast()) : $0)
            }
        }
    }

    private func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appending(path: path).path, isDirectory: &isFolder)
            && isFolder.boolValue
    }
}

// What the maintainers' checks share: how they walk the repository's files and their lines.

extension Workspace {
    /// The `.swift` files under `folder`, sorted, each with its path from the root and its text.
    func swiftSources(in folder: String) -> [(path: String, text: String)] {
        swiftFiles(in: folder).map { file in ("\(folder)/\(file)", read("\(folder)/\(file)")) }
    }
}

extension StringProtocol {
    /// The text's lines, empty ones included, each with its number (1-based).
    var numberedLines: [(number: Int, line: SubSequence)] {
        split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            ($0.offset + 1, $0.element)
        }
    }

    /// The number (1-based) of the line `index` is on.
    func lineNumber(at index: Index) -> Int {
        self[..<index].count { $0 == "\n" } + 1
    }
}
