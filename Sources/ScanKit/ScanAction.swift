/// A scan state's decision about a tap: open a code, or move the scan view.
///
/// A state returns it (or `nil` for "nothing"); the view holding the states checks it and applies
/// it.
public enum ScanAction: Sendable, Hashable {
    /// Open this code's page. It must be one of the codes on screen.
    case open(ScannedCode)
    /// Move the scan view to another state.
    case transition(ScanTransition)
}
