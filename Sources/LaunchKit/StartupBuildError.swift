/// A part of the app the start-up commands need, and the builder must be given.
public enum StartupPart: String, Sendable, Hashable, CaseIterable {
    /// The window the appearance and the first screen go to.
    case window
    /// Where the SDKs and the storage record their start.
    case log
}

/// The start-up builder was not given everything the commands need.
public struct StartupBuildError: Error, Sendable, Hashable {
    /// Every part missing; never empty.
    public let missing: Set<StartupPart>

    /// Names the missing parts.
    public init(missing: Set<StartupPart>) {
        self.missing = missing
    }
}
