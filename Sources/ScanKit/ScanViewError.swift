/// Why the scan view refused a state's decision.
public enum ScanViewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No state object is registered under this name.
    case unregisteredState(ScanStateID)
    /// The state can't be about this many codes: *no code* holds none, *single code* exactly one,
    /// *multi code* two or more.
    case wrongCodeCount(ScanStateID, count: Int)
    /// The code to open is not one of the codes on screen.
    case codeNotOnScreen(ScannedCode)

    /// A sentence that names the state or the code.
    public var description: String {
        switch self {
        case .unregisteredState(let id):
            "The scan view has no state registered as \"\(id)\"."
        case .wrongCodeCount(let id, let count):
            "The scan view can't show \"\(id)\" with \(count) code\(count == 1 ? "" : "s")."
        case .codeNotOnScreen(let code):
            "The scan view can't open \"\(code.payload)\": that code is not on screen."
        }
    }
}
