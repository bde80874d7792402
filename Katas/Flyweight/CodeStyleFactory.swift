import ScanKit

/// Hands out one shared ``CodeStyle`` per symbology, however many codes ask.
///
/// Asked twice for one symbology, it returns the same object (`===`); asked for another, it
/// returns another. Ten thousand codes across the five symbologies cost five styles. The scan
/// view draws from any task, so any task may ask at any time.
public final class CodeStyleFactory: Sendable {
    /// Creates a factory that has made no style yet.
    public init() {}

    /// The style for `symbology`: the same object every time, for any caller.
    public func style(for symbology: Symbology) -> CodeStyle {
        // TODO: Step 5 — keep the style made for each symbology, and return it again, to any
        //       task (rules 5.1, 5.4).
        // For now every request makes a new style, as if there were no factory.
        CodeStyle(symbology: symbology)
    }
}
