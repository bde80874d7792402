import KataTestSupport
import ScanKit
import Strategy
import Testing

@Suite("Strategy · Step 2 — Search near an address", .tags(.scan))
struct Step2NearAddressSearch {
    let town: Town

    init() throws {
        town = try Town()
    }

    @Test("Keeps only the places within the radius of the address")
    func keepsPlacesWithinRadius() async throws {
        let hatches = try EscapeHatches.findings(inPattern: "Strategy")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 2))")
        let strategy = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: 1_000)
        let found = await strategy.filter(town.places, matching: "Harbour")
        #expect(
            Set(found.map(\.name)) == ["Harbour Café", "Müller Drogerie", "CAFE NOIR"],
            "Within 1 km of Harbour: 86 m, 345 m and 915 m away; the rest are farther (step 2)"
        )
    }

    @Test("Lists the nearest place first")
    func nearestFirst() async {
        let strategy = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: 1_000)
        let found = await strategy.filter(town.places, matching: "Old Town")
        #expect(
            found.map(\.name) == ["Old Town Books", "Café Central", "Bäckerei Öztürk"],
            "Sorted by distance from Old Town: 74 m, 85 m, 848 m (step 2)"
        )
    }

    @Test("The radius decides how far a place may be", arguments: [100.0, 3_000.0])
    func radiusIsTheStrategysSetting(radius: Double) async {
        let strategy = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: radius)
        let found = await strategy.filter(town.places, matching: "Harbour")
        let expected =
            radius < 1_000
            ? ["Harbour Café"]
            : [
                "Harbour Café", "Müller Drogerie", "CAFE NOIR", "Old Town Books", "Café Central",
                "Bäckerei Öztürk",
            ]
        #expect(found.map(\.name) == expected, "Radius \(Int(radius)) m around Harbour (step 2)")
    }

    @Test("A place exactly at the radius is kept; one just past it is not")
    func radiusBoundary() async throws {
        let muller = try #require(town.places.first { $0.name == "Müller Drogerie" })
        let meters = town.harbour.distanceInMeters(to: muller.coordinate)
        try #require(
            meters == muller.coordinate.distanceInMeters(to: town.harbour),
            "The distance is the same measured either way (test data)")

        let atRadius = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: meters)
        let kept = await atRadius.filter(town.places, matching: "Harbour")
        #expect(
            kept.map(\.name) == ["Harbour Café", "Müller Drogerie"],
            "Müller Drogerie is exactly radiusInMeters away: at most the radius is kept, so <=, not < (step 2)"
        )

        let justShort = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: meters.nextDown)
        let dropped = await justShort.filter(town.places, matching: "Harbour")
        #expect(
            dropped.map(\.name) == ["Harbour Café"],
            "With the radius a hair shorter, Müller Drogerie is just past it and is dropped (step 2)")
    }

    @Test("An address the geocoder doesn't know gives no places")
    func unknownAddressGivesNothing() async throws {
        let strategy = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: 1_000)
        let known = await strategy.filter(town.places, matching: "Harbour")
        try #require(known.count == 3, "A known address finds the places near it (step 2)")
        let unknown = await strategy.filter(town.places, matching: "Atlantis")
        #expect(unknown.isEmpty, "An unknown address finds nothing, and nothing crashes (step 2)")
    }

    @Test("A failing geocoder gives no places, and the next search still works")
    func geocoderFailureGivesNothing() async {
        struct ServiceDown: Error {}
        let town = self.town
        // Resolves Harbour; fails as if offline for everything else.
        let flaky = ScriptedGeocoder { address in
            guard address == "Harbour" else { throw ServiceDown() }
            return town.harbour
        }
        let strategy = NearAddressSearchStrategy(geocoder: flaky, radiusInMeters: 1_000)
        let failed = await strategy.filter(town.places, matching: "Old Town")
        #expect(failed.isEmpty, "Any geocoder error means no places, not a crash (step 2)")
        let recovered = await strategy.filter(town.places, matching: "Harbour")
        #expect(recovered.count == 3, "One failure doesn't break the strategy for later searches (step 2)")
    }
}
