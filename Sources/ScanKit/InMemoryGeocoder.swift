import Foundation

/// A geocoder that answers from a fixed address book, instantly and without a network.
///
/// Lookups ignore case and surrounding white space, like a forgiving real geocoder:
/// `" old town "` finds the entry for `"Old Town"`.
public struct InMemoryGeocoder: Geocoder {
    private let addressBook: [String: Coordinate]

    /// Creates a geocoder that knows exactly these addresses.
    public init(_ addressBook: [String: Coordinate]) {
        self.addressBook = Dictionary(
            addressBook.map { (Self.key(for: $0.key), $0.value) },
            uniquingKeysWith: { first, _ in first }
        )
    }

    /// The coordinate stored for `address`.
    ///
    /// - Throws: ``LocationError/addressNotFound(_:)`` for an address it doesn't know.
    public func coordinate(for address: String) async throws -> Coordinate {
        guard let coordinate = addressBook[Self.key(for: address)] else {
            throw LocationError.addressNotFound(address)
        }
        return coordinate
    }

    private static func key(for address: String) -> String {
        address.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
