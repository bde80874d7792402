/// Turns an address someone typed into a point on the map.
///
/// Real geocoders ask a server, so the call is `async` and can fail for many reasons: an unknown
/// address, no network, a rate limit. Code that uses a geocoder depends on this protocol alone;
/// tests pass an ``InMemoryGeocoder`` or a geocoder of their own.
public protocol Geocoder: Sendable {
    /// The coordinate of `address`.
    ///
    /// - Throws: ``LocationError/addressNotFound(_:)`` when no place matches, or any other error
    ///   the geocoder's service reports.
    func coordinate(for address: String) async throws -> Coordinate
}
