import ScanKit

/// The frames the camera or the album delivered to the screen, as a pipeline's creator.
///
/// Role: **Source** of the scan pipeline. Extracted from the legacy screen, whose `for frame in
/// frames` loop it replaces: the pipeline asks it for its items, so the screen doesn't push them.
struct DeliveredFrames: ScanCreator {
    /// The frames, in the order they were delivered, already decoded.
    let frames: [Frame]

    /// One item per frame, in order.
    func produce() -> [ScanItem] {
        frames.map(ScanItem.frame)
    }
}
