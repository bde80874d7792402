import ScanKit

/// Finds places near the address the person typed, nearest first.
///
/// - The term is an address: ask ``geocoder`` for its coordinate.
/// - Keep the places at most ``radiusInMeters`` from it (`Coordinate.distanceInMeters(to:)`),
///   nearest first.
/// - When the geocoder can't resolve the address (it throws, for any reason), there are no
///   places near it: return an empty list.
public struct NearAddressSearchStrategy: SearchStrategy {
    /// Resolves the typed address; injected, so tests use an in-memory one.
    public let geocoder: any Geocoder
    /// How far from the address a place may be, in meters.
    public let radiusInMeters: Double

    /// Creates a strategy that keeps places within `radiusInMeters` of the address.
    public init(geocoder: any Geocoder, radiusInMeters: Double) {
        self.geocoder = geocoder
        self.radiusInMeters = radiusInMeters
    }

    /// The places within the radius of the address `term` resolves to, nearest first.
    public func filter(_ places: [Place], matching term: String) async -> [Place] {
        // TODO: Step 2 — resolve the address once, keep the places within the radius, nearest first;
        // a geocoder error means no places (rules 2.1–2.5).
        []
    }
}
