/// Where the scan view draws over the camera picture: an outline around each code it found, and
/// a label under it.
///
/// The app's canvas draws with the platform's graphics; tests hand in one that records what it
/// was asked to draw. A canvas is a class because drawing changes it: everyone who draws into
/// one canvas draws into the same picture.
public protocol CodeCanvas: AnyObject {
    /// Outlines `bounds` in `color`, with a line `lineWidth` points wide.
    func strokeOutline(_ bounds: CodeBounds, color: OverlayColor, lineWidth: Double)
    /// Writes `text` in `color`, just under `bounds`.
    func drawLabel(_ text: String, under bounds: CodeBounds, color: OverlayColor)
}
