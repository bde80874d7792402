/// What the scan view shows the person.
public enum ScanDisplay: Sendable, Hashable {
    /// The camera's viewfinder, still looking for a code.
    case viewfinder
    /// The result for one code.
    case result(ScannedCode)
    /// Several codes, for the person to pick one.
    case picker([ScannedCode])
    /// A line of text instead of the camera, such as "Scanner paused".
    case message(String)
}
