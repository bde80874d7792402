import Foundation

/// The package's targets, each with its folder and the targets it depends on.
///
/// What `swift package dump-package` says: the tool's one source of package facts. It never
/// reads `Package.swift` as text.
struct PackageManifest: Decodable, Equatable {
    /// One target.
    struct Target: Decodable, Equatable {
        let name: String
        /// Its folder, when the manifest names one (every kata's and capstone's does).
        let path: String?
        /// The targets it depends on, by name.
        let dependencies: [String]

        init(name: String, path: String?, dependencies: [String]) {
            self.name = name
            self.path = path
            self.dependencies = dependencies
        }

        private enum CodingKeys: String, CodingKey { case name, path, dependencies }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            path = try container.decodeIfPresent(String.self, forKey: .path)
            // Each dependency is `{"target": ["Name", null]}` or `{"byName": ["Name", null]}`.
            dependencies = try container.decode([[String: [String?]]].self, forKey: .dependencies)
                .compactMap { $0.values.first?.first ?? nil }
        }
    }

    let targets: [Target]

    /// The modules whose folder is `Katas/<name>` (the nine katas, then the capstones), in the
    /// manifest's order.
    var learnerModules: [Target] { targets.filter { $0.path == "Katas/\($0.name)" } }

    /// The manifest of the package at `root`, as kata mode has it (no kata left out), or `nil`
    /// with why when `swift package dump-package` fails.
    static func dumped(at root: URL) -> Result<PackageManifest, DumpError> {
                let environment = ManifestSettings().applied(to: ProcessInfo.processInfo.environment)
        // A build folder of its own (under .kata/): a `swift test` or `swift build` in progress
        // holds `.build`'s lock, and the dump would wait for it, from inside that very test run.
        let scratch = root.appending(path: ".kata/manifest").path
        guard
            let result = CapturedCommand.run(
                ["swift", "package", "--scratch-path", scratch, "dump-package"], in: root,
                environment: environment),
            result.status == 0
        else { return .failure(DumpError(root: root)) }
        do {
            return .success(try JSONDecoder().decode(PackageManifest.self, from: result.output))
        } catch {
            return .failure(DumpError(root: root))
        }
    }

    /// `swift package dump-package` failed.
    struct DumpError: Error, Equatable, CustomStringConvertible {
        let root: URL
        var description: String {
            "`swift package dump-package` failed in \(root.path): run it there to see why."
        }
    }
}
