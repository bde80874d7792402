import Foundation

/// Checks that every kata has the files `docs/contributing.md` asks for, without building
/// anything.
struct ShapeCheck {
    /// The package's root folder.
    let root: URL

    /// The patterns (and capstones) that have a kata or a solution folder.
    func patternsPresent() -> [Pattern] {
        Self.katas(named: patternFolders()).map(\.pattern)
    }

    /// Everything that is missing or wrong, one sentence each; empty when the shape holds.
    func problems() -> [String] {
        var problems: [String] = []
        let known = Set(Catalog.katas.map(\.pattern.name))
        let names = patternFolders()
        for folder in names.sorted() where !known.contains(folder) {
            problems.append(
                "\(folder) is not one of the nine patterns (\(Pattern.all.map(\.name).joined(separator: ", "))) "
                    + "nor a capstone (\(Catalog.capstones.map(\.pattern.name).joined(separator: ", "))): "
                    + "add it to Sources/KataTool/Library/Catalog.swift, or remove the folder."
            )
        }
        let present = Self.katas(named: names)
        if !present.contains(where: { !$0.isCapstone }) {
            problems.append("No kata found: Katas/<Pattern>/ holds none of the nine patterns.")
        }
        for kata in present {
            problems += self.problems(of: kata)
        }
        return problems + duplicateFileProblems()
    }

    /// The catalog's katas and capstones among `names`, in name order.
    private static func katas(named names: Set<String>) -> [Kata] {
        Catalog.katas.filter { names.contains($0.pattern.name) }.sorted { $0.pattern < $1.pattern }
    }

    /// The folder names under `Katas/` and `Solutions/`, together.
    private func patternFolders() -> Set<String> {
        Set(folders(in: "Katas") + folders(in: "Solutions"))
    }

    private func problems(of entry: Kata) -> [String] {
        var problems: [String] = []
        let pattern = entry.pattern
        let kata = "Katas/\(pattern.name)"
        let solution = "Solutions/\(pattern.name)"
        let tests = "Tests/\(pattern.testModule)"
        let guide = "docs/patterns/\(pattern.guideFileName)"

        if !isNonEmptyFile("\(kata)/README.md") {
            problems.append(
                "\(kata)/README.md is missing or empty: every \(entry.isCapstone ? "capstone" : "kata") needs its brief."
            )
        }
        if !isNonEmptyFile(guide) {
            problems.append(
                "\(guide) is missing or empty: every \(entry.isCapstone ? "capstone" : "pattern") needs its guide."
            )
        }
        let stubs = swiftFiles(in: kata)
        let solved = swiftFiles(in: solution)
        if stubs.isEmpty { problems.append("\(kata) has no .swift stubs.") }
        if solved.isEmpty { problems.append("\(solution) has no .swift files.") }
        // A capstone's refactoring extracts types into files of their own, and may retire
        // legacy ones: its solution's files need not be its stubs'.
        if !entry.isCapstone, !stubs.isEmpty, !solved.isEmpty, stubs != solved {
            let onlyKata = stubs.subtracting(solved).sorted()
            let onlySolution = solved.subtracting(stubs).sorted()
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
        let testFiles = swiftFiles(in: tests)
        if testFiles.isEmpty {
            problems.append("\(tests) has no tests.")
        }
        let suiteSteps = Set(testFiles.flatMap { Self.suiteSteps(in: read("\(tests)/\($0)")) })
        var todoSteps: Set<Int> = []
        for file in stubs.sorted() {
            for todo in Self.todoSteps(in: read("\(kata)/\(file)")) {
                todoSteps.insert(todo.step)
                if entry.isCapstone, todo.step == 0, entry.capstone?.learnerNet == nil {
                    problems.append(
                        "\(kata)/\(file):\(todo.line) has a TODO for step 0, but step 0 is the safety net: it "
                            + "pins the legacy code and asks for no code. Move the TODO to the step that changes it."
                    )
                } else if entry.isCapstone, todo.step == 0 {
                    // Step 0 is the learner's net: its tests, in Net/, are its only code.
                    if !file.hasPrefix("Net/") {
                        problems.append(
                            "\(kata)/\(file):\(todo.line) has a TODO for step 0, but step 0 is the learner's net: "
                                + "its TODO belongs in \(kata)/Net/, beside the tests it asks for.")
                    }
                } else if !testFiles.isEmpty, !suiteSteps.contains(todo.step) {
                    problems.append(
                        "\(kata)/\(file):\(todo.line) has a TODO for step \(todo.step), but \(tests) has no "
                            + "\"Step \(todo.step) —\" suite to check it.")
                }
            }
        }
        for step in suiteSteps.subtracting(todoSteps).sorted() where !stubs.isEmpty {
            problems.append(
                "\(tests) has a suite for step \(step), but no stub in \(kata) has a `// TODO: Step \(step)`: "
                    + "every step asks for new learner code.")
        }
        for file in stubs.sorted() {
            for finding in Self.crashingCalls(in: read("\(kata)/\(file)")) {
                problems.append(
                    "\(kata)/\(file):\(finding.line) uses \(finding.call): a stub must never crash the test run."
                )
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
        var pathsByContent: [String: [String]] = [:]
        for folder in ["Katas", "Solutions", "Sources"] {
            for file in swiftFiles(in: folder) {
                let path = "\(folder)/\(file)"
                let text = read(path).trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty else { continue }
                pathsByContent[text, default: []].append(path)
            }
        }
        return pathsByContent.values.filter { $0.count > 1 }.map { $0.sorted() }
            .sorted { $0[0] < $1[0] }
            .map { paths in
                "\(paths.joined(separator: " and ")) have the same content: every Swift file has one home. "
                    + "Keep one, in the domain module if several katas need it, and delete the others."
            }
    }

    /// The `// TODO: Step N` marks in a stub, with their lines.
    static func todoSteps(in source: String) -> [(line: Int, step: Int)] {
        source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
            index, line in
            // A plain search first: Swift's Regex is slow, and watch mode reads every stub each run.
            guard line.contains("TODO: Step ") else { return nil }
            return line.firstMatch(of: /TODO: Step (\d+)/).flatMap { Int($0.1) }.map { (index + 1, $0) }
        }
    }

    /// The step numbers of the suites declared in a test file: `@Suite("Strategy · Step 2 — …")`.
    static func suiteSteps(in source: String) -> [Int] {
        source.matches(of: /@Suite\(\s*"[^"\n]*Step (\d+) —/).compactMap { Int($0.1) }
    }

    /// Calls that would crash the test process, found in code (comments are ignored).
    static func crashingCalls(in source: String) -> [(line: Int, call: String)] {
        let forbidden = ["fatalError(", "preconditionFailure(", "try!"]
        var findings: [(line: Int, call: String)] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            for call in forbidden where code.contains(call) {
                findings.append((index + 1, call.hasSuffix("(") ? String(call.dropLast()) : call))
            }
        }
        return findings
    }

    private func folders(in path: String) -> [String] {
        let url = root.appending(path: path)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return entries.filter { !$0.hasPrefix(".") && isFolder("\(path)/\($0)") }
    }

    /// The `.swift` files under `path`, subfolders included, as paths relative to it
    /// (`Model.swift`, `Sub/Model.swift`).
    private func swiftFiles(in path: String) -> Set<String> {
        let entries = FileManager.default.subpaths(atPath: root.appending(path: path).path) ?? []
        return Set(entries.filter { $0.hasSuffix(".swift") })
    }

    private func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appending(path: path).path, isDirectory: &isFolder)
            && isFolder.boolValue
    }

    private func isNonEmptyFile(_ path: String) -> Bool {
        !read(path).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    private func read(_ path: String) -> String {
        Workspace(root: root).read(path)
    }
}
