import Foundation

/// The package's targets, each with its folder and the targets it depends on.
///
/// What `swift package dump-package` says: the tool's one source of package facts. It never
/// reads `Package.swift` as text.
package struct PackageManifest: Decodable, Equatable {
    /// One target.
    struct Target: Decodable, Equatable {
        let name: String
        /// Its folder, when the manifest names one (every kata's and capstone's does).
        let path: String?
        /// The targets it depends on, by name.
        let dependencies: [String]
    }

    let targets: [Target]

    /// The modules whose folder is `Katas/<name>` (the nine katas, then the capstones), in the
    /// manifest's order.
    var learnerModules: [Target] { targets.filter { $0.path == "Katas/\($0.name)" } }

    /// `swift package dump-package` failed.
    package struct DumpError: Error, Equatable, CustomStringConvertible {
        let root: URL
        package init(root: URL) { self.root = root }
        package var description: String {
            "`swift package dump-package` failed in \(root.path): run it there to see why."
        }
    }
}

extension PackageManifest.Target {
    private enum CodingKeys: String, CodingKey { case name, path, dependencies }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        // Each dependency is `{"target": ["Name", null]}` or `{"byName": ["Name", null]}`.
        dependencies = try container.decode([[String: [String?]]].self, forKey: .dependencies)
            .compactMap { $0.values.first?.first ?? nil }
    }
}
