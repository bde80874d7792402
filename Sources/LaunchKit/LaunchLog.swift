/// A stand-in for the app's services (SDKs, storage): it records, in order, what start-up did
/// to them, so a test can read it.
public final class LaunchLog {
    /// What happened, in order, such as `"analytics started with key k-123"`.
    public private(set) var entries: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Adds `entry` at the end.
    public func record(_ entry: String) {
        entries.append(entry)
    }
}
