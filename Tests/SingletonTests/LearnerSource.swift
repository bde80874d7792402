import Foundation
import KataTestSupport

/// What Singleton's step 2 reads in the learner's own sources, beyond the escape hatches every
/// kata checks (``EscapeHatches``).
///
/// Some mistakes no runtime test can see: a stored `static var` holding the manager passes every
/// identity test while any thread may reassign it. So step 2 reads the module's sources
/// (`Katas/Singleton`, or `Solutions/Singleton` with `KATA_SOLUTIONS=1`, subfolders included).
enum LearnerSource {
    /// Each line of the Singleton module's sources that declares a stored `static var`.
    ///
    /// Each is given as `file:line`. Comments are ignored; a computed
    /// `static var name: Type { … }` is fine.
    static func storedStaticVars() throws -> [String] {
        // `@TaskLocal static var` is the task-local macro: a `static let` behind it, whether the
        // attribute is on the declaration's line or on a line of its own just above.
        var afterTaskLocal = false
        return try lines { code in
            let taskLocal = afterTaskLocal || code.contains("@TaskLocal")
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { afterTaskLocal = trimmed == "@TaskLocal" }
            return code.contains("static var ") && !code.contains("{") && !taskLocal
        }
    }

    /// Each line of the Singleton module's sources, `RoomDirectory.swift` left out, that declares
    /// `shared` as a stored `static let` (with any access level or type annotation), given as
    /// `file:line`.
    ///
    /// Comments are ignored.
    static func sharedStaticLets() throws -> [String] {
        // Step 5's file declares two more shared instances: the global actor's and the
        // directory's.
        try staticLets(named: "shared").filter { !$0.contains("RoomDirectory.swift") }
    }

    /// Each line that declares `name` as a stored `static let` made empty, `SetOnce()` or
    /// `SetOnce<…>()`, given as `file:line`.
    ///
    /// Comments are ignored.
    static func emptySlotDeclarations(named name: String) throws -> [String] {
        let declaration = try Regex("\\bstatic\\s+let\\s+\(name)\\b[^=]*=\\s*SetOnce(<[^>]*>)?\\(\\)")
        return try lines { $0.contains(declaration) }
    }

    /// Each line of the Singleton module's sources that declares `name` as a stored
    /// `static let`, given as `file:line`.
    ///
    /// Comments are ignored.
    static func staticLets(named name: String) throws -> [String] {
        let declaration = try Regex("\\bstatic\\s+let\\s+\(name)\\b")
        return try lines { $0.contains(declaration) }
    }

    /// Each line of the Singleton module's sources whose code (comments left out) names `name`
    /// as a word, given as `file:line`.
    static func mentions(of name: String) throws -> [String] {
        // Not `\b`: Swift's default word boundaries keep `launch.set` one word.
        let word = try Regex("(^|[^A-Za-z0-9_])\(name)([^A-Za-z0-9_]|$)")
        return try lines { $0.contains(word) }
    }

    /// Each place in the body of `func name(` in `file` that takes a lock (`withLock`, or
    /// `lock()`), given as `file:line`: a check and the act it decides belong under one.
    ///
    /// Comments are ignored; the body ends where its braces close.
    static func lockTakings(inFunction name: String, file: String) throws -> [String] {
        var found: [String] = []
        for source in try EscapeHatches.sources(inPattern: "Singleton") where source.file.hasSuffix(file) {
            var depth = 0
            var inside = false
            for (number, code) in EscapeHatches.codeLines(of: source.text) {
                if !inside, code.contains("func \(name)(") { inside = true }
                guard inside else { continue }
                let takings = code.ranges(of: "withLock").count + code.ranges(of: "lock()").count
                found += Array(repeating: "\(source.file):\(number)", count: takings)
                depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
                if depth <= 0, code.contains("}") { inside = false }
            }
        }
        return found
    }

    /// Each line of the Singleton module's sources whose code (comments left out) passes
    /// `matches`, given as `file:line`.
    private static func lines(where matches: (Substring) -> Bool) throws -> [String] {
        try EscapeHatches.sources(inPattern: "Singleton").flatMap { source in
            EscapeHatches.codeLines(of: source.text).compactMap { number, code in
                matches(code) ? "\(source.file):\(number)" : nil
            }
        }
    }
}
