import ScanKit

/// How the scan view draws every code of one symbology: the part all those codes share.
///
/// Role: the **Flyweight** of the textbook pattern. A frame can hold dozens of codes and a
/// session thousands; each needs an outline and a label, and every code of one symbology looks
/// the same. So one style per symbology holds that **intrinsic state** (title, colour, line
/// width), and each code's own **extrinsic state** (its payload and where it is) is passed to
/// ``draw(_:at:into:)`` and never kept. Only ``CodeStyleFactory`` makes styles.
///
/// - Note: Why a class: sharing is the point, and a class has the identity that makes "one style
///   per symbology" checkable with `===`. Why `Sendable` with no lock: every stored property is
///   a `let` of a `Sendable` value, so any task may draw with the same style at once. That
///   immutability is what makes sharing safe: a style that kept the code it was drawing would
///   hand one code's payload to another's label.
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
    /// the symbology's badge), which is why ``CodeStyleFactory`` makes one per symbology and no
    /// more.
    init(symbology: Symbology) {
        self.symbology = symbology
        let appearance = symbology.appearance
        (title, color, lineWidth) = (appearance.title, appearance.color, appearance.lineWidth)
    }

    /// Draws one code: outlines `bounds` in this style's colour and line width, and writes the
    /// label (this style's title, a space, the payload) under it in the same colour.
    ///
    /// `payload` and `bounds` are the code's extrinsic state: they come in with each call and
    /// leave with it.
    public func draw(_ payload: String, at bounds: CodeBounds, into canvas: some CodeCanvas) {
        // Why nothing is stored: the canvas may draw another code with this very style before
        // this call returns (a canvas that draws a callout calls back in), and other tasks may
        // draw with it at the same time. Everything a call needs stays in its arguments.
        canvas.strokeOutline(bounds, color: color, lineWidth: lineWidth)
        canvas.drawLabel("\(title) \(payload)", under: bounds, color: color)
    }
}
