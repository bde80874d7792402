/// Names one state of the scan view: the key a state holder files each state object under.
///
/// The three states the Scan screen ships with have names here; a team that adds a state (a
/// paused scanner, a closed one) declares its own name with ``init(_:)``, and nothing here
/// changes.
public struct ScanStateID: Sendable, Hashable, CustomStringConvertible {
    /// The state's name.
    public let name: String

    /// Names a state.
    public init(_ name: String) {
        self.name = name
    }

    /// No code in sight: keep scanning.
    public static let noCode = ScanStateID("no code")
    /// Exactly one code: show its result.
    public static let singleCode = ScanStateID("single code")
    /// Several codes in one frame: let the person pick one.
    public static let multiCode = ScanStateID("multi code")

    /// The state's name.
    public var description: String { name }
}
