import Foundation
import ScanKit

/// Finds places whose name contains the term, ignoring case and accents.
///
/// - "cafe" finds "Café Central" and "CAFE NOIR"; "muller" finds "Müller Drogerie".
/// - Spaces around the term are ignored; a blank term keeps every place.
/// - Matches keep the order they were given in.
public struct LexicalSearchStrategy: SearchStrategy {
    /// Creates the strategy; it needs nothing.
    public init() {}

    /// The places whose name contains `term`, ignoring case and diacritics, in their given order.
    public func filter(_ places: [Place], matching term: String) async -> [Place] {
        // TODO: Step 1 — keep the places whose name contains the trimmed term, ignoring case and
        // accents, in their given order; a blank term keeps every place (rules 1.1–1.6), the same way on every device.
        []
    }
}
