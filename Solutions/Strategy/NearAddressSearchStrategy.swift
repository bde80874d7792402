import ScanKit

/// Finds places near the address the person typed, nearest first.
///
/// Role: **ConcreteStrategy**. The term is an address: the injected ``Geocoder`` turns it into a
/// coordinate, and the places within ``radiusInMeters`` of it are returned, nearest first.
/// An address the geocoder can't resolve, for any reason, gives no places.
///
/// Fixes bug 8 on docs/sources.md: named for what it does, spelled right, and stateless.
public struct NearAddressSearchStrategy: SearchStrategy {
    /// Resolves the typed address; injected, so tests use an in-memory one.
    public let geocoder: any Geocoder
    /// How far from the address a place may be, in meters; a place exactly this far is kept.
    public let radiusInMeters: Double

    /// Creates a strategy that keeps places within `radiusInMeters` of the address.
    public init(geocoder: any Geocoder, radiusInMeters: Double) {
        self.geocoder = geocoder
        self.radiusInMeters = radiusInMeters
    }

    /// The places within the radius of the address `term` resolves to, nearest first.
    public func filter(_ places: [Place], matching term: String) async -> [Place] {
        // Why `try?`: the screen can only show a list. An unknown address, no network, a rate
        // limit: each means "no places near that", never a crash or an error alert per keystroke.
        guard let center = try? await geocoder.coordinate(for: term) else { return [] }
        // Why compute each distance once: sorting compares every place several times, and the
        // distance is trigonometry, not a stored value.
        return
            places
            .map { (place: $0, meters: center.distanceInMeters(to: $0.coordinate)) }
            .filter { $0.meters <= radiusInMeters }
            .sorted { $0.meters < $1.meters }
            .map(\.place)
    }
}
