/// Why the scan view refused to change state.
public enum ScanViewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No state object is registered under this name.
    case unregisteredState(ScanStateID)

    /// A sentence that names the state.
    public var description: String {
        switch self {
        case .unregisteredState(let id):
            "The scan view has no state registered as \"\(id)\"."
        }
    }
}
