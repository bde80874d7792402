import Foundation

/// Where the untouched stubs come from: a git commit of the repository.
package protocol StubSource {
    /// The stub files under `folder` (`Katas/Strategy`), as paths relative to the repository.
    func files(in folder: String) throws -> [String]
    /// A stub file's committed content.
    func contents(of path: String) throws -> Data
    /// The commit, for the learner: `commit 1a2b3c4`.
    var description: String { get }
}

/// Puts a kata's stubs back, after a backup.
package struct KataReset {
    let workspace: Workspace
    let source: any StubSource
    /// The moment in the backup folder's name.
    var now = Date()

    package init(workspace: Workspace, source: any StubSource, now: Date = Date()) {
        self.workspace = workspace
        self.source = source
        self.now = now
    }

    /// What a reset will do.
    package struct Plan: Equatable {
        /// The files to write back, relative to the repository.
        package var restore: [String]
        /// The learner's own files in the kata that no stub has (not with `--step`).
        package var remove: [String]
        /// The folder the kata's current files are copied to first.
        package var backup: URL
        /// With `--step`: the other steps each restored file holds TODOs for, by file.
        package var otherSteps: [String: [Int]] = [:]
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    /// The files of a kata's folder that are the project's, not the learner's.
    ///
    /// The brief and its hints: a reset neither backs them up, nor writes them back, nor removes
    /// them.
    static let projectFiles: Set<String> = ["README.md", "HINTS.md"]

    /// Whether `path` (relative to the kata's folder, or to the repository) is one of the
    /// learner's files: anything but the folder's ``projectFiles``.
    static func isLearnerFile(_ path: String, in folder: String) -> Bool {
        let relative = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
        return !projectFiles.contains(relative)
    }

    package func plan(_ kata: Kata, step: Int?) throws -> Plan {
        let folder = "Katas/\(kata.pattern.name)"
        var restore = try source.files(in: folder).filter { Self.isLearnerFile($0, in: folder) }.sorted()
        var remove: [String] = []
        var otherSteps: [String: [Int]] = [:]
        if let step {
            restore = try restore.filter { path in
                let text = String(decoding: try source.contents(of: path), as: UTF8.self)
                let steps = Set(ShapeCheck.todoSteps(in: text).map(\.step))
                guard steps.contains(step) else { return false }
                let others = steps.subtracting([step]).sorted()
                if !others.isEmpty { otherSteps[path] = others }
                return true
            }
            guard !restore.isEmpty else {
                throw Failure(description: "No stub of \(kata.pattern.name) has a `// TODO: Step \(step)`.")
            }
        } else {
            remove = workspace.files(in: folder).filter { Self.isLearnerFile($0, in: folder) }
                .map { "\(folder)/\($0)" }.filter { !restore.contains($0) }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        // Two resets in the same second keep two backups: the second one's name has `-2`.
        let backups = workspace.toolFolder.appending(path: "backups")
        let name = "\(kata.pattern.name)-\(formatter.string(from: now))"
        var backup = backups.appending(path: name)
        var suffix = 2
        while FileManager.default.fileExists(atPath: backup.path) {
            backup = backups.appending(path: "\(name)-\(suffix)")
            suffix += 1
        }
        return Plan(restore: restore, remove: remove, backup: backup, otherSteps: otherSteps)
    }

    /// Why ``apply(_:)`` stopped, and how far it got.
    package struct ApplyFailure: Error {
        package enum Stage {
            /// Reading the stubs or copying the learner's files: nothing was written.
            case backup
            /// Writing the stubs or removing the learner's extra files, after a complete backup.
            case writing
        }
        package let stage: Stage
        /// Whether a part of the backup folder was made.
        package let copied: Bool
        package let underlying: any Error
    }

    /// Copies the learner's files of the kata's folder to the backup, then writes the stubs back.
    ///
    /// Nothing is written unless the backup is complete.
    ///
    /// - Throws: ``ApplyFailure``, which says whether anything was written.
    package func apply(_ plan: Plan) throws(ApplyFailure) {
        let fileManager = FileManager.default
        var copied = false
        let stubs: [(String, Data)]
        do {
            stubs = try plan.restore.map { ($0, try source.contents(of: $0)) }
            try fileManager.createDirectory(at: plan.backup, withIntermediateDirectories: true)
            copied = true
            let folders = Set(
                (plan.restore + plan.remove).map { $0.split(separator: "/").prefix(2).joined(separator: "/") }
            )
            for folder in folders.sorted() {
                for file in workspace.files(in: folder) where Self.isLearnerFile(file, in: folder) {
                    let target = plan.backup.appending(path: file)
                    try fileManager.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try fileManager.copyItem(
                        at: workspace.root.appending(path: "\(folder)/\(file)"), to: target)
                }
            }
        } catch {
            throw ApplyFailure(stage: .backup, copied: copied, underlying: error)
        }
        do {
            for (path, data) in stubs {
                let url = workspace.root.appending(path: path)
                try fileManager.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .atomic)
            }
            for path in plan.remove {
                try fileManager.removeItem(at: workspace.root.appending(path: path))
            }
        } catch {
            throw ApplyFailure(stage: .writing, copied: true, underlying: error)
        }
    }
}
