/// Why a location could not be made or found.
public enum LocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Latitude must be within -90…90 and longitude within -180…180.
    case invalidCoordinate(latitude: Double, longitude: Double)
    /// The geocoder knows no place by that address.
    case addressNotFound(String)

    /// A sentence that names the bad value.
    public var description: String {
        switch self {
        case .invalidCoordinate(let latitude, let longitude):
            "(\(latitude), \(longitude)) is not on Earth: latitude must be within -90…90 and longitude within -180…180."
        case .addressNotFound(let address):
            "No place found for the address \"\(address)\"."
        }
    }
}
