import Foundation
import ScanKit

// The four units the Scan screen ships with. Role: **Concrete filters** of `ScanUnit`.
//
// Each one works on one case of `ScanItem` and passes every other case on unchanged. That rule
// is what makes the order of the units configuration: put the duplicate filter before the
// decoder and it only ever sees frames, so it drops nothing.

/// Reads the codes in a frame: one ``ScanItem/code(_:)`` per code, in the frame's order.
///
/// A frame without codes passes nothing on: the flow stops there.
public final class DecodeUnit: ScanUnit {
    /// Creates a decoder.
    public init() {}

    /// Splits a frame into its codes; passes every other item on unchanged.
    public func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        guard case .frame(let frame) = item else { return pass(item) }
        for code in frame.codes {
            pass(.code(code))
        }
    }
}

/// Drops a code already seen in this scanning session.
///
/// Two codes are the same when their payload and symbology are: the phone moves, so the same
/// code turns up at another position in the next frame. A new session forgets them all.
public final class DuplicateFilter: ScanUnit {
    // Why a key without the bounds: `ScannedCode` is `Hashable` with its position, so a
    // `Set<ScannedCode>` would let the same code through again as soon as the hand shakes.
    private struct Key: Hashable {
        let payload: String
        let symbology: Symbology
    }

    private var seen: Set<Key> = []

    /// Creates a filter that has seen nothing.
    public init() {}

    /// Forgets every code seen.
    public func sessionDidStart() {
        seen.removeAll()
    }

    /// Passes a code on the first time it is seen in this session, and drops it after that;
    /// passes every other item on unchanged.
    public func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        guard case .code(let code) = item else { return pass(item) }
        guard seen.insert(Key(payload: code.payload, symbology: code.symbology)).inserted else {
            return  // Seen: stop the flow. Nothing after this unit hears of it.
        }
        pass(item)
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
        guard case .code(let code) = item else { return pass(item) }
        pass(.classified(code, Self.kind(of: code)))
    }

    private static func kind(of code: ScannedCode) -> CodeKind {
        if code.symbology == .ean13 || code.symbology == .ean8 { return .product }
        let payload = code.payload
        // Why lowercased: URL schemes are case-insensitive, and printed codes often shout.
        let lowered = payload.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return .link }
        if isPaymentCode(payload) { return .payment }
        return .text
    }

    // Why ASCII digits only: `Character.isNumber` also accepts "٣" and "½", which no payment
    // terminal prints.
    private static func isPaymentCode(_ payload: String) -> Bool {
        let digits = payload.compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
        guard digits.count == 18, payload.count == 18 else { return false }
        let prefix = digits[0] * 10 + digits[1]
        return (25...30).contains(prefix)
    }
}

/// Sends each classified code to the business handler that takes over: the browser, the
/// product page, the payment sheet, or a text view.
///
/// A link whose payload `URL(string:)` can't read shows as text: it is still worth showing.
public final class RouteUnit: ScanUnit {
    /// Creates a router.
    public init() {}

    /// Turns a classified code into its ``ScanRoute``; passes every other item on unchanged.
    public func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        guard case .classified(let code, let kind) = item else { return pass(item) }
        pass(.route(Self.route(for: code, kind: kind)))
    }

    private static func route(for code: ScannedCode, kind: CodeKind) -> ScanRoute {
        switch kind {
        case .link:
            // Why text and not nothing: a link Foundation can't parse is still worth showing, and a
            // code the user scanned should never vanish without a word.
            URL(string: code.payload).map(ScanRoute.openLink) ?? .showText(code.payload)
        case .product: .showProduct(gtin: code.payload)
        case .payment: .pay(code: code.payload)
        case .text: .showText(code.payload)
        }
    }
}
