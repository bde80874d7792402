import ScanKit

/// How the scan view draws every code of one symbology: the part all those codes share.
///
/// Every code of one symbology gets the same title, colour and line width, so one style per
/// symbology serves them all. What differs from code to code (its payload and where it is) is
/// passed to ``draw(_:at:into:)`` with each call, and never kept: the style never changes after
/// it is made, and any task may draw with it. Only ``CodeStyleFactory`` makes styles.
public final class CodeStyle: Sendable {
    /// The symbology every code drawn with this style was printed as.
    public let symbology: Symbology
    /// The name the label starts with, such as `EAN-13`.
    public let title: String
    /// The colour of the outline and the label.
    public let color: OverlayColor
    /// How wide the outline is, in points.
    public let lineWidth: Double

    /// Creates the style for `symbology`.
    ///
    /// In the app this is where a style gets expensive (it loads the label's font and renders
    /// the symbology's badge), which is why ``CodeStyleFactory`` should make one per symbology.
    init(symbology: Symbology) {
        self.symbology = symbology
        let appearance = symbology.appearance
        (title, color, lineWidth) = (appearance.title, appearance.color, appearance.lineWidth)
    }

    /// Draws one code: outlines `bounds` in this style's colour and line width, and writes the
    /// label (this style's title, a space, the payload) under it in the same colour.
    ///
    /// `payload` and `bounds` belong to the code being drawn: use them for this call only.
    public func draw(_ payload: String, at bounds: CodeBounds, into canvas: some CodeCanvas) {
        // TODO: Step 5 — outline the bounds and write the label, from this style and the
        //       arguments; keep nothing about the code (rules 5.2, 5.3).
    }
}
