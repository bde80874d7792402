import Foundation
import Testing

/// The Swift files of the Singleton module under test, read as text.
///
/// Some mistakes no runtime test can see: a learner who silences Swift 6's data-race checker
/// gets a manager that passes every identity test. Step 2 reads the module's own source to
/// catch them. The module comes from `Katas/Singleton`, or from `Solutions/Singleton` when
/// `KATA_SOLUTIONS=1`, as in `Package.swift`.
struct LearnerSource {
    /// A line of code that switches a concurrency check off instead of satisfying it.
    struct Finding: CustomStringConvertible {
        let file: String
        let line: Int
        let escapeHatch: String

        var description: String { "\(file):\(line) uses \(escapeHatch)" }
    }

    /// The folder the Singleton module is compiled from, relative to the package root.
    static var folder: String {
        ProcessInfo.processInfo.environment["KATA_SOLUTIONS"] == "1"
            ? "Solutions/Singleton" : "Katas/Singleton"
    }

    /// Every `.swift` file in ``folder``, with its text, in name order.
    static func files(filePath: String = #filePath) throws -> [(name: String, text: String)] {
        let root = URL(filePath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = root.appending(path: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            (name, try String(contentsOf: directory.appending(path: name), encoding: .utf8))
        }
    }

    /// The lines of `text` that switch a concurrency check off.
    ///
    /// Those are `nonisolated(unsafe)`, `@unchecked Sendable`, `@preconcurrency` and stored
    /// `static var`s. Comments are ignored; a computed `static var name: Type { … }` is fine.
    static func escapeHatches(in text: String, file: String) -> [Finding] {
        var findings: [Finding] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = (line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...])
                .trimmingCharacters(in: .whitespaces)
            let hatch =
                ["nonisolated(unsafe)", "@unchecked", "@preconcurrency"].first { code.contains($0) }
                ?? (code.contains("static var ") && !code.contains("{") ? "a stored static var" : nil)
            if let hatch {
                findings.append(Finding(file: file, line: index + 1, escapeHatch: hatch))
            }
        }
        return findings
    }
}
