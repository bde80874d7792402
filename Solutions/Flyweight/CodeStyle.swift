import ScanKit

/// What draws one scanned code: the interface every flyweight of the overlay shares.
///
/// Role: **Flyweight** (the interface). The code's own data, its **extrinsic** state, comes in
/// as arguments; whatever the drawer keeps is the **intrinsic** state, the same for every code
/// it draws.
public protocol CodeDrawing: Sendable {
    /// Draws the code whose payload is `payload`, at `bounds`, into `canvas`.
    func draw(_ payload: String, at bounds: CodeBounds, into canvas: some CodeCanvas)
}

/// How every code of one symbology looks: one object, shared by all of them.
///
/// Role: **Concrete flyweight**. It holds only the intrinsic state: a title, a colour and a line
/// width, the same for every EAN-13 in every frame. A code's payload and bounds are passed to
/// ``draw(_:at:into:)`` and kept by nobody. So 10,000 codes of five symbologies need five
/// styles, not 10,000.
///
/// - Note: Why immutable (`let`s of a `Sendable` final class): one style is drawn with by every
///   code of its symbology, from any task. Nothing about it can change, so sharing it is safe
///   without a lock.
public final class CodeStyle: CodeDrawing {
    /// The symbology this style draws.
    public let symbology: Symbology
    /// The label's first word, such as `EAN-13`.
    public let title: String
    /// The colour of the outline and the label.
    public let color: OverlayColor
    /// The outline's width, in points.
    public let lineWidth: Double

    /// Why internal: only ``CodeStyleFactory`` makes styles, so it can guarantee the sharing.
    init(symbology: Symbology) {
        self.symbology = symbology
        let appearance = symbology.appearance
        (title, color, lineWidth) = (appearance.title, appearance.color, appearance.lineWidth)
    }

    /// Outlines the code and writes its label under it: the title, a space, the payload.
    public func draw(_ payload: String, at bounds: CodeBounds, into canvas: some CodeCanvas) {
        // Why nothing is stored: the canvas may draw another code with this very style before
        // this call returns (a canvas that draws a callout calls back in), and other tasks may
        // draw with it at the same time. Everything a call needs stays in its arguments.
        canvas.strokeOutline(bounds, color: color, lineWidth: lineWidth)
        canvas.drawLabel("\(title) \(payload)", under: bounds, color: color)
    }
}

/// How the one code the person picked looks: made for that code, shared with nobody.
///
/// Role: **Unshared concrete flyweight**. Not every flyweight is shared: this one draws like
/// any other (the overlay calls the same `draw`), but it exists once per selection, around the
/// shared style of the code's symbology, which it uses and never changes.
public struct HighlightStyle: CodeDrawing {
    /// The shared style of the picked code's symbology.
    public let base: CodeStyle

    /// A highlight around `base`.
    public init(base: CodeStyle) {
        self.base = base
    }

    /// Outlines the code in yellow, twice as thick as its style, then writes the style's label.
    public func draw(_ payload: String, at bounds: CodeBounds, into canvas: some CodeCanvas) {
        canvas.strokeOutline(bounds, color: .yellow, lineWidth: base.lineWidth * 2)
        canvas.drawLabel("\(base.title) \(payload)", under: bounds, color: base.color)
    }
}
