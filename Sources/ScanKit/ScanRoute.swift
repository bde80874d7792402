import Foundation

/// Where the app takes the person for one scanned code: the business handler that takes over.
public enum ScanRoute: Sendable, Hashable {
    /// Open a web page.
    case openLink(URL)
    /// Show the product with this barcode number (its GTIN).
    case showProduct(gtin: String)
    /// Start a payment with this payment code.
    case pay(code: String)
    /// Show the code's text.
    case showText(String)
}
