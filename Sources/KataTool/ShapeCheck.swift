import Foundation

/// Checks that every kata has the files the kata contract (KATA-FORMAT) asks for, without
/// building anything.
struct ShapeCheck {
    /// The package's root folder.
    let root: URL

    /// The patterns that have a kata or a solution folder.
    func patternsPresent() -> [Pattern] {
        Self.patterns(named: patternFolders())
    }

    /// Everything that is missing or wrong, one sentence each; empty when the shape holds.
    func problems() -> [String] {
        var problems: [String] = []
        let known = Set(Pattern.all.map(\.name))
        let names = patternFolders()
        for folder in names.sorted() where !known.contains(folder) {
            problems.append(
                "\(folder) is not one of the nine patterns (\(Pattern.all.map(\.name).joined(separator: ", ")))."
            )
        }
        let present = Self.patterns(named: names)
        if present.isEmpty {
            problems.append("No kata found: Katas/<Pattern>/ holds none of the nine patterns.")
        }
        let withSolutions = Self.patterns(named: Set(folders(in: "Solutions")))
        for pattern in present {
            problems += self.problems(of: pattern, withSolutions: withSolutions)
        }
        return problems
    }

    /// The known patterns among `names`, in name order.
    private static func patterns(named names: Set<String>) -> [Pattern] {
        Pattern.all.filter { names.contains($0.name) }.sorted()
    }

    /// The folder names under `Katas/` and `Solutions/`, together.
    private func patternFolders() -> Set<String> {
        Set(folders(in: "Katas") + folders(in: "Solutions"))
    }

    private func problems(of pattern: Pattern, withSolutions: [Pattern]) -> [String] {
        var problems: [String] = []
        let kata = "Katas/\(pattern.name)"
        let solution = "Solutions/\(pattern.name)"
        let tests = "Tests/\(pattern.testModule)"
        let guide = "docs/patterns/\(pattern.guideFileName)"

        if !isNonEmptyFile("\(kata)/README.md") {
            problems.append("\(kata)/README.md is missing or empty: every kata needs its brief.")
        }
        if !isNonEmptyFile(guide) {
            problems.append("\(guide) is missing or empty: every pattern needs its guide.")
        }
        let stubs = swiftFiles(in: kata)
        let solved = swiftFiles(in: solution)
        if stubs.isEmpty { problems.append("\(kata) has no .swift stubs.") }
        if solved.isEmpty { problems.append("\(solution) has no .swift files.") }
        if !stubs.isEmpty, !solved.isEmpty, stubs != solved {
            let onlyKata = stubs.subtracting(solved).sorted()
            let onlySolution = solved.subtracting(stubs).sorted()
            problems.append(
                "\(kata) and \(solution) must have the same file names"
                    + (onlyKata.isEmpty ? "" : "; only in the kata: \(onlyKata.joined(separator: ", "))")
                    + (onlySolution.isEmpty
                        ? "" : "; only in the solution: \(onlySolution.joined(separator: ", "))")
                    + ".")
        }
        for folder in [kata, solution] {
            problems += givenCopyProblems(in: folder, of: pattern, withSolutions: withSolutions)
        }
        if swiftFiles(in: tests).isEmpty {
            problems.append("\(tests) has no tests.")
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

    /// Problems with the files under `<folder>/Given/`, which come from another kata.
    ///
    /// They are there so that this kata stands alone. Each must be an exact copy of the file with
    /// the same name in another kata's solution, so that a fix made there can't be forgotten here.
    private func givenCopyProblems(in folder: String, of pattern: Pattern, withSolutions: [Pattern])
        -> [String]
    {
        let given = swiftFiles(in: folder).filter { $0.hasPrefix("Given/") }.sorted()
        guard !given.isEmpty else { return [] }
        let others = withSolutions.filter { $0 != pattern }
        var problems: [String] = []
        for file in given {
            let name = String(file.dropFirst("Given/".count))
            let text = read("\(folder)/\(file)")
            let sources = others.map { "Solutions/\($0.name)/\(name)" }.filter { isNonEmptyFile($0) }
            if sources.isEmpty {
                problems.append(
                    "\(folder)/\(file) is under Given/, but no other kata's solution has \(name) to copy it from."
                )
            } else if !sources.contains(where: { read($0) == text }) {
                problems.append(
                    "\(folder)/\(file) differs from \(sources.joined(separator: " and ")): "
                        + "a Given/ file must be an exact copy of the original; copy it again.")
            }
        }
        return problems
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
        return entries.filter { entry in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: url.appending(path: entry).path, isDirectory: &isFolder)
                && isFolder.boolValue && !entry.hasPrefix(".")
        }
    }

    /// The `.swift` files under `path`, subfolders included, as paths relative to it
    /// (`Model.swift`, `Given/Connection.swift`).
    private func swiftFiles(in path: String) -> Set<String> {
        let entries = FileManager.default.subpaths(atPath: root.appending(path: path).path) ?? []
        return Set(entries.filter { $0.hasSuffix(".swift") })
    }

    private func isNonEmptyFile(_ path: String) -> Bool {
        !read(path).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    private func read(_ path: String) -> String {
        (try? String(contentsOf: root.appending(path: path), encoding: .utf8)) ?? ""
    }
}
