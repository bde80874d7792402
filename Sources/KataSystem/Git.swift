import Foundation
import KataCore

/// The git commands the tool runs in the learner's clone.
package enum Git {
    /// A git command that failed, named.
    struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs `git -C root <arguments>` and returns what it printed; throws when it fails.
    package static func run(_ arguments: [String], in root: URL) throws -> Data {
        guard let result = CapturedCommand.run(["git", "-C", root.path] + arguments), result.status == 0
        else {
            throw Failure(description: "git \(arguments.joined(separator: " ")) failed")
        }
        return result.output
    }

    /// What git printed, one line each.
    package static func lines(_ output: Data) -> [String] {
        String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Copies the package to `destination`, without build folders, git data or the tool's
    /// folder, and with `Katas/` as committed at `HEAD`.
    package static func makeCleanCopy(of root: URL, at destination: URL) throws {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: destination)
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        for entry in try fileManager.contentsOfDirectory(atPath: root.path)
        where !entry.hasPrefix(".") && entry != "Katas" {
            try fileManager.copyItem(at: root.appending(path: entry), to: destination.appending(path: entry))
        }
        // `git archive HEAD Katas | tar -x`: the committed stubs.
        let archive = CapturedCommand.run([
            "sh", "-c", "git -C \"$1\" archive HEAD Katas | tar -x -C \"$2\"", "sh", root.path,
            destination.path,
        ])
        guard archive?.status == 0 else {
            throw Failure(description: "`git archive HEAD Katas` failed")
        }
    }

    /// The kata files that differ from the last commit, according to git; empty without git.
    package static func locallyChangedKataFiles(in root: URL) -> [String] {
        let status = try? run(["status", "--porcelain", "--", "Katas"], in: root)
        return status.map { lines($0).map { String($0.dropFirst(3)) } } ?? []
    }
}
