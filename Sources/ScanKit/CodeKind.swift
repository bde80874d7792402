/// What a scanned code is for, which decides where the app takes the person.
public enum CodeKind: String, Sendable, Hashable, CaseIterable {
    /// A web address to open.
    case link
    /// A product barcode, to look the product up.
    case product
    /// A payment code, to pay with.
    case payment
    /// Anything else: shown as text.
    case text
}
