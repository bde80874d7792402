import Foundation

/// A file of `Fixtures/`: text a real toolchain printed (see its README).
enum Fixture {
    /// The repository path the fixtures were captured in, as they spell it.
    static let root = "/home/learner/pattern-katas"

    /// The text of `Fixtures/<name>`.
    static func text(_ name: String, file: String = #filePath) throws -> String {
        let folder = URL(filePath: file).deletingLastPathComponent().appending(path: "Fixtures")
        return try String(contentsOf: folder.appending(path: name), encoding: .utf8)
    }
}
