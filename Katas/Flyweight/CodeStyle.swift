import ScanKit

// TODO: Step 3 — the overlay draws every code the same way, whether its drawer is shared or
//       not: give both styles one interface of your own.

/// How every code of one symbology looks: one object, shared by all of them.
public final class CodeStyle: Sendable {
    /// The symbology this style draws.
    public let symbology: Symbology
    /// The label's first word, such as `EAN-13`.
    public let title: String
    /// The colour of the outline and the label.
    public let color: OverlayColor
    /// The outline's width, in points.
    public let lineWidth: Double

    /// Only the factory makes styles.
    init(symbology: Symbology) {
        self.symbology = symbology
        // TODO: Step 1 — what every code of this symbology shares, from `symbology.appearance`
        //       (rule 1.1).
        (title, color, lineWidth) = ("", .yellow, 0)
    }

    /// Outlines the code and writes its label under it: the title, a space, the payload.
    public func draw(_ payload: String, at bounds: CodeBounds, into canvas: some CodeCanvas) {
        // TODO: Step 1 — from this style and the arguments; keep nothing of the code (rules
        //       1.2, 1.3).
    }
}

/// How the one code the person picked looks: made for that code, shared with nobody.
public struct HighlightStyle: Sendable {
    /// The shared style of the picked code's symbology.
    public let base: CodeStyle

    /// A highlight around `base`.
    public init(base: CodeStyle) {
        self.base = base
    }

    /// Outlines the code in yellow, twice as thick as its style, then writes the style's label.
    public func draw(_ payload: String, at bounds: CodeBounds, into canvas: some CodeCanvas) {
        // TODO: Step 3 — (rule 3.2).
    }
}
