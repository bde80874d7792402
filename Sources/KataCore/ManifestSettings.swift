/// What the tool tells `Package.swift` through the environment: the manifest's two settings.
///
/// `Package.swift` reads them under "Manifest settings", and `docs/contributing.md` lists them;
/// this is the one place the tool writes them, so a new setting is added here and there only.
///
/// | variable | here | the manifest |
/// |---|---|---|
/// | `KATA_SOLUTIONS=1` | ``solutions`` | builds the pattern modules from `Solutions/` |
/// | `KATA_LEAVE_OUT=Factory,StoryTests` | ``leftOut`` | leaves those modules out, and every target that needs them |
package struct ManifestSettings: Equatable, Sendable {
    /// Whether the pattern modules come from `Solutions/` rather than the learner's `Katas/`.
    var solutions = false
    /// The modules to leave out of the build, in the order they were left out.
    package var leftOut: [String] = []

    package init(solutions: Bool = false, leftOut: [String] = []) {
        (self.solutions, self.leftOut) = (solutions, leftOut)
    }

    /// `environment` with these settings in place of whatever it held for them.
    package func applied(to environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["KATA_SOLUTIONS"] = solutions ? "1" : nil
        environment["KATA_LEAVE_OUT"] = leftOut.isEmpty ? nil : leftOut.joined(separator: ",")
        return environment
    }
}
