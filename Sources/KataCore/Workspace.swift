import Foundation

/// The repository the tool works on, and the learner's state inside it.
package struct Workspace {
    package let root: URL

    /// The tool's own folder in the repository: state, run logs and backups (git-ignored).
    package var toolFolder: URL { root.appending(path: ".kata") }
    var stateFile: URL { toolFolder.appending(path: "state.json") }

    package init(root: URL) { self.root = root }

    /// The repository that holds `folder`: the nearest folder, `folder` itself or a parent,
    /// with a `Package.swift` that declares the PatternKatas package.
    package static func find(from folder: URL) -> Workspace? {
        let folders = sequence(first: folder.standardizedFileURL) { folder in
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            return parent.path == folder.path ? nil : parent
        }
        return folders.first { Workspace(root: $0).read("Package.swift").contains("name: \"PatternKatas\"") }
            .map(Workspace.init(root:))
    }

    /// A path inside the repository, relative to its root: what the learner can click.
    package func relative(_ path: String) -> String {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The kata's brief, read from disk; an empty brief when it is missing.
    package func brief(of kata: Kata) -> Brief {
        Brief(markdown: read("Katas/\(kata.pattern.name)/README.md"))
    }

    /// The kata's hints (`Katas/<Pattern>/HINTS.md`); `nil` when the file is missing.
    package func hints(of kata: Kata) -> Hints? {
        let text = try? String(contentsOf: root.appending(path: Hints.path(of: kata)), encoding: .utf8)
        return text.map(Hints.init(markdown:))
    }

    /// Where a step's `// TODO: Step N` marks are: `Katas/Strategy/Model.swift:12`, first one first.
    func todoLocations(of kata: Kata, step: Int) -> [String] {
        let folder = "Katas/\(kata.pattern.name)"
        return swiftFiles(in: folder).flatMap { file in
            ShapeCheck.todoSteps(in: read("\(folder)/\(file)")).filter { $0.step == step }
                .map { "\(folder)/\(file):\($0.line)" }
        }
    }

    /// The `.swift` files under `path`, subfolders included, relative to it, sorted.
    package func swiftFiles(in path: String) -> [String] {
        files(in: path).filter { $0.hasSuffix(".swift") }
    }

    /// Every file under `path`, subfolders included, relative to it, sorted; hidden files
    /// left out.
    package func files(in path: String) -> [String] {
        let folder = root.appending(path: path).path
        let entries = FileManager.default.subpaths(atPath: folder) ?? []
        return entries.filter { entry in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + entry, isDirectory: &isFolder)
            return !isFolder.boolValue && !entry.split(separator: "/").contains { $0.hasPrefix(".") }
        }.sorted()
    }

    /// The text of a file in the repository, or an empty string.
    package func read(_ path: String) -> String {
        (try? String(contentsOf: root.appending(path: path), encoding: .utf8)) ?? ""
    }

    /// When the file at `path` (relative to the root) last changed; the distant past if it is
    /// gone.
    package func modificationDate(of path: String) -> Date {
        let attributes = try? FileManager.default.attributesOfItem(atPath: root.appending(path: path).path)
        return attributes?[.modificationDate] as? Date ?? .distantPast
    }

    /// Whether a file under `folder` changed after `date`.
    func changed(_ folder: String, since date: Date) -> Bool {
        files(in: folder).contains { modificationDate(of: "\(folder)/\($0)") > date }
    }

    /// Whether a file of the kata changed after its tests last ran through the tool, so the
    /// step the tool remembers may be out of date.
    package func kataChangedSinceLastRun(_ kata: Kata) -> Bool {
        guard let saved = loadState().lastRun[kata.pattern.name] else { return true }
        return changed("Katas/\(kata.pattern.name)", since: saved)
    }

    /// The modules an earlier run found not to compile whose files haven't changed since.
    ///
    /// They still don't compile, so a run can leave them out at once, without building them to
    /// find out. A kata's module or tests are watched through its folder in `Katas/`; the story
    /// tests, which use every messaging kata, through all of `Katas/`.
    package func stillNotCompiling() -> [String: RunReport.CompilerError] {
        loadState().leftOut.filter { module, record in
            !changed(
                Catalog.kata(ofModule: module).map { "Katas/\($0.pattern.name)" } ?? "Katas",
                since: record.since)
        }
        .mapValues(\.error)
    }

    /// Notes which modules the run found not to compile, for the next run (``stillNotCompiling()``):
    /// those it left out, and those whose errors ended it.
    package func rememberBuild(of report: RunReport) {
        guard !report.interrupted, report.failure == nil else { return }
        var state = loadState()
        state.leftOut = report.leftOut.mapValues { LearnerState.NotCompiling(error: $0, since: report.began) }
        for error in report.buildErrors {
            guard let module = error.module, state.leftOut[module] == nil else { continue }
            state.leftOut[module] = LearnerState.NotCompiling(error: error, since: report.began)
        }
        save(state)
    }

    /// The learner's state: hints seen, katas run.
    package func loadState() -> LearnerState {
        guard let data = try? Data(contentsOf: stateFile) else { return LearnerState() }
        return (try? JSONDecoder().decode(LearnerState.self, from: data)) ?? LearnerState()
    }

    package func save(_ state: LearnerState) {
        try? FileManager.default.createDirectory(at: toolFolder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? encoder.encode(state).write(to: stateFile, options: .atomic)
    }
}
