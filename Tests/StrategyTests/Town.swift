import ScanKit
import Synchronization

/// A small harbour town: six places, two addresses the geocoder knows, and the distances the
/// tests rely on (rounded, in meters).
///
/// | place           | from Harbour | from Old Town |
/// |-----------------|-------------:|--------------:|
/// | Bäckerei Öztürk |        2,726 |           848 |
/// | CAFE NOIR       |          915 |         2,760 |
/// | Old Town Books  |        1,805 |            74 |
/// | Müller Drogerie |          345 |         1,563 |
/// | Harbour Café    |           86 |         1,799 |
/// | Café Central    |        1,935 |            85 |
struct Town {
    let harbour: Coordinate
    let oldTown: Coordinate
    /// In this order, which is neither alphabetical nor by distance.
    let places: [Place]
    /// Knows "Harbour" and "Old Town", nothing else.
    let geocoder: InMemoryGeocoder

    init() throws {
        harbour = try Coordinate(latitude: 53.5450, longitude: 9.9660)
        oldTown = try Coordinate(latitude: 53.5503, longitude: 9.9930)
        places = [
            Place(name: "Bäckerei Öztürk", coordinate: try Coordinate(latitude: 53.5530, longitude: 10.0050)),
            Place(name: "CAFE NOIR", coordinate: try Coordinate(latitude: 53.5400, longitude: 9.9550)),
            Place(name: "Old Town Books", coordinate: try Coordinate(latitude: 53.5500, longitude: 9.9920)),
            Place(name: "Müller Drogerie", coordinate: try Coordinate(latitude: 53.5470, longitude: 9.9700)),
            Place(name: "Harbour Café", coordinate: try Coordinate(latitude: 53.5455, longitude: 9.9670)),
            Place(name: "Café Central", coordinate: try Coordinate(latitude: 53.5510, longitude: 9.9935)),
        ]
        geocoder = InMemoryGeocoder(["Harbour": harbour, "Old Town": oldTown])
    }

    /// Every place's name, in the town's order.
    var names: [String] { places.map(\.name) }
}

/// A geocoder whose answers the test writes as a closure, to script failures and timing.
struct ScriptedGeocoder: Geocoder {
    let answer: @Sendable (String) async throws -> Coordinate

    func coordinate(for address: String) async throws -> Coordinate {
        try await answer(address)
    }
}

/// A geocoder that answers like the one it wraps and remembers every address it was asked for.
final class RecordingGeocoder: Geocoder {
    private let wrapped: any Geocoder
    private let asked = Mutex<[String]>([])

    init(_ wrapped: any Geocoder) {
        self.wrapped = wrapped
    }

    /// Every address asked for so far, in order, exactly as passed.
    var addresses: [String] { asked.withLock { $0 } }

    func coordinate(for address: String) async throws -> Coordinate {
        asked.withLock { $0.append(address) }
        return try await wrapped.coordinate(for: address)
    }
}

/// An error of the test's own, which no geocoder could make up: the service is down.
struct ServiceDown: Error {}

/// What a geocoder may throw: every case of ScanKit's `LocationError`, and an error of a type
/// the strategy has never heard of.
let geocoderErrors: [any Error] = [
    LocationError.addressNotFound("Old Town"),
    LocationError.invalidCoordinate(latitude: 91, longitude: 0),
    ServiceDown(),
]

/// A geocoder that throws `error` the first time it is asked, then answers like the one it
/// wraps: a service that was down for a moment.
final class FailsOnceGeocoder: Geocoder {
    private let error: any Error
    private let wrapped: any Geocoder
    private let failed = Mutex(false)

    init(_ error: any Error, then wrapped: any Geocoder) {
        self.error = error
        self.wrapped = wrapped
    }

    func coordinate(for address: String) async throws -> Coordinate {
        let first = failed.withLock { failed in
            defer { failed = true }
            return !failed
        }
        if first { throw error }
        return try await wrapped.coordinate(for: address)
    }
}
