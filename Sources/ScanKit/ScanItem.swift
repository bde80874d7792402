/// One piece of data on its way through the scan pipeline: what a creator made, or what a unit
/// made of it.
///
/// The pipeline's units turn one case into the next: a frame is decoded into codes, a code is
/// classified, a classified code is routed. A unit passes on, unchanged, every case it doesn't
/// work on.
public enum ScanItem: Sendable, Hashable {
    /// An image from a camera or the photo album, not decoded yet.
    case frame(Frame)
    /// One code read from a frame.
    case code(ScannedCode)
    /// A code, and what kind of thing it is.
    case classified(ScannedCode, CodeKind)
    /// Where the app takes the person for a code.
    case route(ScanRoute)
}
