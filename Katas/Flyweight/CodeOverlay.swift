import ScanKit

/// The scan screen's overlay: outlines and labels every code on screen, and the one picked.
public final class CodeOverlay: Sendable {
    /// An overlay that draws with the styles `styles` hands out.
    public init(styles: any CodeStyleSource) {
        // TODO: Step 3 — keep the source (rule 3.1).
    }

    /// Shows `codes`, in order, none picked.
    public func show(_ codes: [ScannedCode]) {
        // TODO: Step 3 — (rules 3.1, 3.2).
    }

    /// Picks the code at `index`; `nil`, or an index outside the codes, picks none.
    public func pick(_ index: Int?) {
        // TODO: Step 3 — (rule 3.2).
    }

    /// Draws every code on screen, in order: the picked one highlighted, each with its own
    /// payload and bounds.
    public func draw(into canvas: some CodeCanvas) {
        // TODO: Step 3 — each code with its symbology's style from the source; the picked one
        //       with a highlight around that style (rules 3.1–3.3).
    }
}
