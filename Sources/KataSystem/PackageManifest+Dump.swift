import Foundation
import KataCore

extension PackageManifest {
    /// The manifest of the package at `root`, as kata mode has it (no kata left out), or why
    /// `swift package dump-package` failed.
    package static func dumped(at root: URL) -> Result<PackageManifest, DumpError> {
        let environment = ManifestSettings().applied(to: ProcessInfo.processInfo.environment)
        // A build folder of its own (under .kata/): a `swift test` or `swift build` in progress
        // holds `.build`'s lock, and the dump would wait for it, from inside that very test run.
        let scratch = root.appending(path: ".kata/manifest").path
        guard
            let result = CapturedCommand.run(
                ["swift", "package", "--scratch-path", scratch, "dump-package"], in: root,
                environment: environment),
            result.status == 0,
            let manifest = try? JSONDecoder().decode(PackageManifest.self, from: result.output)
        else { return .failure(DumpError(root: root)) }
        return .success(manifest)
    }
}
