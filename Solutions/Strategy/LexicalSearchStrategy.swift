import Foundation
import ScanKit

/// Finds places whose name contains the term, ignoring case and accents.
///
/// Role: **ConcreteStrategy**. "cafe" finds "Café Central", "muller" finds "Müller Drogerie".
/// Surrounding spaces in the term are ignored; a blank term matches every place. Matches keep
/// the order they were given in.
public struct LexicalSearchStrategy: SearchStrategy {
    /// Creates the strategy; it needs nothing.
    public init() {}

    /// The places whose name contains `term`, ignoring case and diacritics, in their given order.
    public func filter(_ places: [Place], matching term: String) async -> [Place] {
        let needle = term.trimmingCharacters(in: .whitespacesAndNewlines)
        // Why: an empty search box means "show me everything", not "show me nothing".
        guard !needle.isEmpty else { return places }
        // Why `range(of:options:)` and not `lowercased().contains`: lowercasing keeps the accent,
        // so "cafe" would miss "Café". Foundation's diacritic-insensitive comparison folds both
        // sides; `locale: nil` keeps the result the same on every device.
        return places.filter { place in
            place.name.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
    }
}
