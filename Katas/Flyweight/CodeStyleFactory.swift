import ScanKit

/// Where the overlay gets the style for a symbology.
///
/// The overlay depends on this role, not on ``CodeStyleFactory``, so its tests can hand it a
/// source of their own and count what it asks.
public protocol CodeStyleSource: Sendable {
    /// The style every code of `symbology` is drawn with.
    func style(for symbology: Symbology) -> CodeStyle
}

/// Hands out one ``CodeStyle`` per symbology, the same object every time.
public final class CodeStyleFactory: CodeStyleSource {
    /// A factory that has made no style yet.
    public init() {}

    /// The one style of `symbology`: made the first time it is asked for, then returned again.
    public func style(for symbology: Symbology) -> CodeStyle {
        // TODO: Step 2 — keep the style made for each symbology, and return it again, to any
        //       task (rules 2.1–2.3). For now every request makes a new one.
        CodeStyle(symbology: symbology)
    }

    /// How many styles it has made.
    public var count: Int {
        // TODO: Step 2 — (rule 2.1).
        0
    }
}
