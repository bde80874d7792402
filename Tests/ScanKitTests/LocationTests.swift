import ScanKit
import Testing

@Suite("Coordinates, places and the in-memory geocoder", .tags(.scan))
struct LocationTests {
    @Test(
        "A coordinate off the Earth is refused",
        arguments: [(91.0, 0.0), (-90.5, 0.0), (0.0, 180.5), (0.0, -181.0), (Double.nan, 0.0)]
    )
    func refusesInvalidCoordinates(latitude: Double, longitude: Double) {
        #expect(throws: LocationError.self) {
            try Coordinate(latitude: latitude, longitude: longitude)
        }
    }

    @Test("The poles and the date line are valid")
    func acceptsEdges() throws {
        _ = try Coordinate(latitude: 90, longitude: 180)
        _ = try Coordinate(latitude: -90, longitude: -180)
    }

    @Test("Distance matches known figures")
    func distance() throws {
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let london = try Coordinate(latitude: 51.5074, longitude: -0.1278)
        // About 343.5 km on a sphere of Earth's mean radius.
        #expect(abs(paris.distanceInMeters(to: london) - 343_500) < 1_000)
        #expect(paris.distanceInMeters(to: paris) == 0)
        #expect(paris.distanceInMeters(to: london) == london.distanceInMeters(to: paris))
        // One thousandth of a degree of latitude is about 111 m anywhere.
        let north = try Coordinate(latitude: 48.8576, longitude: 2.3522)
        #expect(abs(paris.distanceInMeters(to: north) - 111.2) < 0.5)
    }

    @Test("The in-memory geocoder ignores case and surrounding spaces")
    func geocoderResolves() async throws {
        let harbour = try Coordinate(latitude: 53.5461, longitude: 9.9661)
        let geocoder = InMemoryGeocoder(["Harbour": harbour])
        #expect(try await geocoder.coordinate(for: "Harbour") == harbour)
        #expect(try await geocoder.coordinate(for: "  hARBOUR ") == harbour)
    }

    @Test("The in-memory geocoder names an address it doesn't know")
    func geocoderRefusesUnknown() async {
        let geocoder = InMemoryGeocoder([:])
        await #expect(throws: LocationError.addressNotFound("Atlantis")) {
            try await geocoder.coordinate(for: "Atlantis")
        }
        #expect(LocationError.addressNotFound("Atlantis").description.contains("\"Atlantis\""))
    }
}
