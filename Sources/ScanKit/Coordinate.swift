import Foundation

/// A point on Earth, in degrees.
public struct Coordinate: Sendable, Hashable {
    /// Degrees north of the equator, from -90 to 90.
    public let latitude: Double
    /// Degrees east of Greenwich, from -180 to 180.
    public let longitude: Double

    /// Creates a coordinate, refusing one that is not on Earth.
    ///
    /// - Throws: ``LocationError/invalidCoordinate(latitude:longitude:)`` when a value is out of
    ///   range or not a number.
    public init(latitude: Double, longitude: Double) throws(LocationError) {
        guard (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude) else {
            throw .invalidCoordinate(latitude: latitude, longitude: longitude)
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The great-circle distance to `other`, in meters.
    ///
    /// Uses the haversine formula on a sphere of Earth's mean radius: within a few meters of a
    /// map's answer at city scale, which is all a store search needs.
    public func distanceInMeters(to other: Coordinate) -> Double {
        let earthRadiusInMeters = 6_371_000.0
        let lat1 = latitude * .pi / 180
        let lat2 = other.latitude * .pi / 180
        let deltaLat = (other.latitude - latitude) * .pi / 180
        let deltaLon = (other.longitude - longitude) * .pi / 180
        let a =
            sin(deltaLat / 2) * sin(deltaLat / 2)
            + cos(lat1) * cos(lat2) * sin(deltaLon / 2) * sin(deltaLon / 2)
        return 2 * earthRadiusInMeters * asin(min(1, sqrt(a)))
    }
}
