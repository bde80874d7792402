/// The kind of barcode a code was printed as.
///
/// The scanner reports the symbology with every code, so later steps can tell a product
/// barcode (EAN) from a link or a payment code (usually QR).
public enum Symbology: String, Sendable, Hashable, CaseIterable {
    /// A two-dimensional QR code: links, payment codes, free text.
    case qr
    /// A two-dimensional Data Matrix code, common on small packaging.
    case dataMatrix
    /// A 13-digit European Article Number: the product barcode on most goods.
    case ean13
    /// An 8-digit European Article Number, for small products.
    case ean8
    /// A linear Code 128 barcode: shipping labels, loyalty cards.
    case code128

    /// How many digits the payload must have, for the symbologies that fix it.
    var requiredDigitCount: Int? {
        switch self {
        case .ean13: 13
        case .ean8: 8
        case .qr, .dataMatrix, .code128: nil
        }
    }
}
