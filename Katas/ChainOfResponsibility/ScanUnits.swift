import Foundation
import ScanKit

// The four units the Scan screen ships with. Each works on one case of `ScanItem` and passes
// every other case on unchanged.

/// Reads the codes in a frame: one ``ScanItem/code(_:)`` per code, in the frame's order.
///
/// A frame without codes passes nothing on: the flow stops there.
public final class DecodeUnit: ScanUnit {
    /// Creates a decoder.
    public init() {}

    /// Splits a frame into its codes; passes every other item on unchanged.
    public func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        // TODO: Step 2 — one `.code` per code of a `.frame`; anything else unchanged (rules 2.1, 2.2).
    }
}

/// Drops a code already seen in this scanning session.
///
/// Two codes are the same when their payload and symbology are: the phone moves, so the same
/// code turns up at another position in the next frame. A new session forgets them all.
public final class DuplicateFilter: ScanUnit {
    /// Creates a filter that has seen nothing.
    public init() {}

    /// Forgets every code seen.
    public func sessionDidStart() {
        // TODO: Step 2 — forget the codes seen so far (rule 2.4).
    }

    /// Passes a code on the first time it is seen in this session, and drops it after that;
    /// passes every other item on unchanged.
    public func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        // TODO: Step 2 — remember each `.code`; pass it on only the first time (rules 2.1, 2.3).
    }
}

/// Tells what a code is for: a link, a product barcode, a payment code, or text.
///
/// Rules, first match wins:
/// 1. An EAN-13 or EAN-8 code is a product.
/// 2. A payload that starts with `http://` or `https://`, in any case, is a link.
/// 3. A payload of exactly 18 ASCII digits (`0`–`9`) whose first two are 25 to 30 is a
///    payment code.
/// 4. Anything else is text.
public final class ClassifyUnit: ScanUnit {
    /// Creates a classifier.
    public init() {}

    /// Classifies a code; passes every other item on unchanged.
    public func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        // TODO: Step 2 — turn a `.code` into `.classified(code, kind)` by the first case above that matches (rules 2.1, 2.5).
    }
}

/// Sends each classified code to the business handler that takes over: the browser, the
/// product page, the payment sheet, or a text view.
///
/// A link opens with ``ScanRoute/openLink(_:)``; a product shows with
/// ``ScanRoute/showProduct(gtin:)``, a payment code pays with ``ScanRoute/pay(code:)``, and text
/// shows with ``ScanRoute/showText(_:)``, each with the code's payload. A link whose payload
/// `URL(string:)` can't read shows as text.
public final class RouteUnit: ScanUnit {
    /// Creates a router.
    public init() {}

    /// Turns a classified code into its ``ScanRoute``; passes every other item on unchanged.
    public func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        // TODO: Step 2 — turn a `.classified` into its `.route` (rules 2.1, 2.6, 2.7).
    }
}
