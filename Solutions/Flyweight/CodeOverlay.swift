import ScanKit
import Synchronization

/// The scan screen's overlay: outlines and labels every code on screen, and the one picked.
///
/// Role: **Client**. It keeps each code's **extrinsic** state (the codes themselves, and which
/// one is picked) and hands it to a flyweight's `draw` for every code. It never makes a shared
/// style: it asks its source for one per code's symbology.
public final class CodeOverlay: Sendable {
    private let styles: any CodeStyleSource
    private let screen = Mutex(Screen())

    private struct Screen {
        var codes: [ScannedCode] = []
        var picked: Int?
    }

    /// An overlay that draws with the styles `styles` hands out.
    public init(styles: any CodeStyleSource) {
        self.styles = styles
    }

    /// Shows `codes`, in order, none picked.
    public func show(_ codes: [ScannedCode]) {
        screen.withLock { $0 = Screen(codes: codes) }
    }

    /// Picks the code at `index`; `nil`, or an index outside the codes, picks none.
    public func pick(_ index: Int?) {
        screen.withLock { screen in
            screen.picked = index.flatMap { screen.codes.indices.contains($0) ? $0 : nil }
        }
    }

    /// Draws every code on screen, in order: the picked one highlighted, each with its own
    /// payload and bounds.
    public func draw(into canvas: some CodeCanvas) {
        let (codes, picked) = screen.withLock { ($0.codes, $0.picked) }
        for (index, code) in codes.enumerated() {
            let shared = styles.style(for: code.symbology)
            // Why an unshared highlight: the picked code looks different, but only it does. A
            // highlight made for it wraps its shared style; the shared style stays as it is.
            let drawer: any CodeDrawing = index == picked ? HighlightStyle(base: shared) : shared
            drawer.draw(code.payload, at: code.bounds, into: canvas)
        }
    }
}
