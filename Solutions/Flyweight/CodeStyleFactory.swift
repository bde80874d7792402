import ScanKit
import Synchronization

/// Hands out one shared ``CodeStyle`` per symbology, however many codes ask.
///
/// Roles of the textbook Flyweight:
/// - **Flyweight factory**: this type. It returns the style it already made for a symbology,
///   and makes one only for a symbology it hasn't seen.
/// - **Flyweight**: ``CodeStyle``, immutable, holding the intrinsic state.
/// - **Extrinsic state**: a ``ScannedCode``'s payload and bounds, passed to
///   ``CodeStyle/draw(_:at:into:)``.
/// - **Client**: the scan view's overlay (the tests), which draws thousands of codes with five
///   styles.
///
/// Ten thousand codes across the five symbologies cost five styles.
///
/// - Note: Why a `Sendable` class with a `Mutex`, not an actor: the overlay draws synchronously,
///   code after code; an actor would put an `await` on every code. The dictionary is the only
///   mutable state, and the lock guards it. Its key set is as small as `Symbology`, so the
///   factory never needs to forget a style.
public final class CodeStyleFactory: Sendable {
    private let styles = Mutex<[Symbology: CodeStyle]>([:])

    /// Creates a factory that has made no style yet.
    public init() {}

    /// The style for `symbology`: the same object every time, for any caller.
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
}
