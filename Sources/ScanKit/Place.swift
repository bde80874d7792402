/// A place the shopping app can show: a store, a pick-up point, a café.
public struct Place: Sendable, Hashable {
    /// The name shown in the list, for example "Café Müller".
    public let name: String
    /// Where the place is.
    public let coordinate: Coordinate

    /// Creates a place.
    public init(name: String, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}
