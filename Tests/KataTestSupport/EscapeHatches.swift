import Foundation

/// Finds the lines of a kata's sources that switch a Swift 6 safety check off instead of
/// satisfying it.
///
/// Some mistakes no runtime test can see: a type marked `@unchecked Sendable` with plain `var`s
/// and no lock passes every test that happens not to race. So every kata's tests read the
/// kata's own sources (`Katas/<Pattern>`, or `Solutions/<Pattern>` when `KATA_SOLUTIONS=1`,
/// subfolders included) and fail on each escape hatch, naming its file and line and saying why.
public enum EscapeHatches {
    /// One escape hatch in one line of a source file.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The file, relative to the package root, such as `Katas/Singleton/Support/Cache.swift`.
        public let file: String
        /// The line, counted from 1.
        public let line: Int
        /// The escape hatch as written, such as `nonisolated(unsafe)` or `@unchecked Sendable`.
        public let hatch: String

        /// `file:line uses hatch`, and why that is a problem.
        public var description: String {
            "\(file):\(line) uses \(hatch). \(EscapeHatches.why(hatch))"
        }
    }

    /// The escape hatches looked for, each with the sentence that teaches why it is refused.
    public static let hatches: [(text: String, why: String)] = [
        (
            "nonisolated(unsafe)",
            "It tells the compiler to stop checking this state for data races, but the races stay: "
                + "guard the state with a Mutex or an actor, or make it a let of a Sendable type."
        ),
        (
            "@unchecked Sendable",
            "It promises the compiler a safety that nothing checks: make every stored property a let of "
                + "a Sendable type, or keep the mutable state in a Mutex, and drop @unchecked."
        ),
        (
            "@preconcurrency",
            "It hides the concurrency errors of what it marks instead of fixing them: make the types "
                + "involved Sendable."
        ),
        (
            "Unsafe",
            "Unsafe pointers, buffers and continuations opt out of Swift's safety checks; nothing in a "
                + "kata needs them (use withCheckedContinuation for continuations)."
        ),
        (
            "Unmanaged",
            "Unmanaged references opt out of Swift's memory management; nothing in a kata needs them."
        ),
    ]

    /// What a learner reads when a step's test finds escape hatches.
    ///
    /// One sentence on what to do instead, then each finding's file, line and why. Empty when
    /// there are none.
    ///
    /// Every kata checks its sources from one test of each step, with no helper of its own:
    ///
    /// ```swift
    /// let hatches = try EscapeHatches.findings(inPattern: "Proxy")
    /// #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 2))")
    /// ```
    public static func report(_ findings: [Finding], step: Int) -> String {
        guard !findings.isEmpty else { return "" }
        return "Make shared state safe with an actor, a Mutex or immutable lets, not by switching Swift 6's "
            + "checks off (step \(step)):\n" + findings.map { "  \($0)" }.joined(separator: "\n")
    }

    /// The sentence that says why `hatch` is refused.
    public static func why(_ hatch: String) -> String {
        hatches.first { hatch.contains($0.text) }?.why ?? ""
    }

    /// The folder the `pattern` module is compiled from, relative to the package root:
    /// `Katas/<pattern>`, or `Solutions/<pattern>` when `KATA_SOLUTIONS=1` (as in
    /// `Package.swift`).
    public static func folder(of pattern: String) -> String {
        let root = ProcessInfo.processInfo.environment["KATA_SOLUTIONS"] == "1" ? "Solutions" : "Katas"
        return "\(root)/\(pattern)"
    }

    /// Every escape hatch in the Swift files of `pattern`'s module, subfolders included, in
    /// file and line order, except those `allowed` names (a finding's `file:hatch`, for an
    /// exception a brief allows and explains).
    ///
    /// - Throws: when the folder can't be read.
    public static func findings(
        inPattern pattern: String, allowed: Set<String> = [], packageRoot: URL = packageRoot()
    ) throws -> [Finding] {
        try sources(inPattern: pattern, packageRoot: packageRoot)
            .flatMap { findings(in: $0.text, file: $0.file) }
            .filter { !allowed.contains("\($0.file):\($0.hatch)") }
    }

    /// The Swift files of `pattern`'s module, subfolders included, in path order: each one's
    /// path relative to the package root, and its text.
    ///
    /// - Throws: when the folder doesn't exist or a file can't be read.
    public static func sources(
        inPattern pattern: String, packageRoot: URL = packageRoot()
    ) throws -> [(file: String, text: String)] {
        let relativeFolder = folder(of: pattern)
        let directory = packageRoot.appending(path: relativeFolder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder),
            isFolder.boolValue,
            let walker = FileManager.default.enumerator(atPath: directory.path)
        else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        var relativePaths: [String] = []
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".swift") { relativePaths.append(path) }
        }
        return try relativePaths.sorted().map { path in
            (
                "\(relativeFolder)/\(path)",
                try String(contentsOf: directory.appending(path: path), encoding: .utf8)
            )
        }
    }

    /// Where the module `pattern`'s own files (its learner net, in `Net/`, left out) still use
    /// one of `names` as a whole word, or hold one of `texts`: `File.swift:12 (name)`, in order.
    ///
    /// What a capstone's last step checks: the legacy's names are gone once the refactoring is.
    /// Comments don't count.
    public static func leftovers(
        inPattern pattern: String, names: [String], texts: [String] = [], packageRoot: URL = packageRoot()
    ) throws -> [String] {
        var found: [String] = []
        for source in try sources(inPattern: pattern, packageRoot: packageRoot)
        where !source.file.contains("/Net/") {
            for (number, code) in codeLines(of: source.text) {
                for name in names where code.contains(try Regex("(^|[^A-Za-z0-9_])\(name)([^A-Za-z0-9_]|$)"))
                {
                    found.append("\(source.file):\(number) (\(name))")
                }
                for text in texts where code.contains(text) {
                    found.append("\(source.file):\(number) (\(text))")
                }
            }
        }
        return found
    }

    /// Each line of `text` with its number (from 1), cut at a `//` comment: what a kata's own
    /// source scans read.
    public static func codeLines(of text: String) -> [(number: Int, code: Substring)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            (index + 1, line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...])
        }
    }

    /// The escape hatches in `text`, a Swift file's contents, reported as `file`.
    ///
    /// Comments are skipped (`//` to the end of a line, and `/* … */`), so a doc comment that
    /// explains an escape hatch is fine.
    public static func findings(in text: String, file: String) -> [Finding] {
        var found: [Finding] = []
        var inBlockComment = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = codePart(of: String(line), inBlockComment: &inBlockComment)
            for hatch in hatches where code.contains(hatch.text) {
                let written = hatch.text == "Unsafe" ? unsafeWord(in: code) : hatch.text
                found.append(Finding(file: file, line: index + 1, hatch: written))
            }
        }
        return found
    }

    /// The package's root folder, found from this file's place in `Tests/KataTestSupport`.
    public static func packageRoot(filePath: String = #filePath) -> URL {
        URL(filePath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `line` without its comments; `inBlockComment` carries a `/* … */` across lines.
    private static func codePart(of line: String, inBlockComment: inout Bool) -> String {
        var code = ""
        var rest = Substring(line)
        while !rest.isEmpty {
            if inBlockComment {
                guard let end = rest.range(of: "*/") else { return code }
                rest = rest[end.upperBound...]
                inBlockComment = false
            } else if let lineComment = rest.range(of: "//"),
                rest.range(of: "/*").map({ lineComment.lowerBound < $0.lowerBound }) ?? true
            {
                return code + rest[..<lineComment.lowerBound]
            } else if let start = rest.range(of: "/*") {
                code += rest[..<start.lowerBound]
                rest = rest[start.upperBound...]
                inBlockComment = true
            } else {
                return code + rest
            }
        }
        return code
    }

    /// The whole identifier around `Unsafe` in `code`, such as `UnsafeMutablePointer` or
    /// `withUnsafeContinuation`.
    private static func unsafeWord(in code: String) -> String {
        guard let middle = code.range(of: "Unsafe") else { return "Unsafe" }
        let isNamePart = { (character: Character) in
            character.isLetter || character.isNumber || character == "_"
        }
        let before = code[..<middle.lowerBound].reversed().prefix(while: isNamePart)
        let after = code[middle.lowerBound...].prefix(while: isNamePart)
        return String(before.reversed()) + after
    }
}
