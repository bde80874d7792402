import ScanKit
import Synchronization

/// Where the overlay gets the style for a symbology.
///
/// The overlay depends on this role, not on ``CodeStyleFactory``, so its tests can hand it a
/// source of their own and count what it asks.
public protocol CodeStyleSource: Sendable {
    /// The style every code of `symbology` is drawn with.
    func style(for symbology: Symbology) -> CodeStyle
}

/// Hands out one ``CodeStyle`` per symbology, the same object every time.
///
/// Role: **Flyweight factory**. It is what makes the sharing a guarantee instead of a habit: a
/// client never makes a style, it asks here, and gets the one style of that symbology.
public final class CodeStyleFactory: CodeStyleSource {
    private let styles = Mutex<[Symbology: CodeStyle]>([:])

    /// A factory that has made no style yet.
    public init() {}

    /// The one style of `symbology`: made the first time it is asked for, then returned again.
    public func style(for symbology: Symbology) -> CodeStyle {
        // Why look up and insert under one lock: two tasks asking for a new symbology at once
        // would otherwise both miss and make two styles.
        styles.withLock { styles in
            if let style = styles[symbology] { return style }
            let style = CodeStyle(symbology: symbology)
            styles[symbology] = style
            return style
        }
    }

    /// How many styles it has made: one per symbology asked for, however many codes.
    public var count: Int { styles.withLock { $0.count } }
}
