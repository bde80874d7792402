import KataTestSupport
import ScanKit
import Strategy
import Synchronization
import Testing

@Suite("Strategy · Step 2 — Search near an address", .tags(.scan), .noEscapeHatches("Strategy"))
struct Step2NearAddressSearch {
    let town: Town

    init() throws {
        town = try Town()
    }

    @Test("Keeps only the places within the radius of the address [2.2]")
    func keepsPlacesWithinRadius() async throws {
        let strategy = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: 1_000)
        let found = await strategy.filter(town.places, matching: "Harbour")
        #expect(
            Set(found.map(\.name)) == ["Harbour Café", "Müller Drogerie", "CAFE NOIR"],
            "Within 1 km of Harbour: 86 m, 345 m and 915 m away; the rest are farther"
        )
    }

    @Test("Keeps every place within the radius, two at one spot or one listed twice included [2.2]")
    func keepsPlacesAtOneSpot() async throws {
        let harbourCafe = town.places[4]
        let kiosk = Place(name: "Harbour Kiosk", coordinate: harbourCafe.coordinate)
        let strategy = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: 1_000)
        let found = await strategy.filter(town.places + [kiosk, harbourCafe], matching: "Harbour")
        #expect(
            found.map(\.name).sorted()
                == ["CAFE NOIR", "Harbour Café", "Harbour Café", "Harbour Kiosk", "Müller Drogerie"],
            "Places at the same distance are all kept, and a place listed twice is kept twice")
    }

    @Test("Two searches at once for one address each ask the geocoder: searches share nothing [2.1]")
    func searchesAtOnceAskTheirOwn() async throws {
        let gate = Gate()
        let geocoder = SecondAnswerHeldGeocoder(gate: gate, held: town.harbour, then: town.oldTown)
        let strategy = NearAddressSearchStrategy(geocoder: geocoder, radiusInMeters: 1_000)
        // A first search, answered at once: a strategy that doesn't ask its geocoder fails here
        // instead of leaving the next search waiting for a request that never comes.
        _ = await strategy.filter(town.places, matching: "Old Town")
        try #require(geocoder.calls == 1, "A search asks the geocoder")
        let first = Task { await strategy.filter(town.places, matching: "Harbour") }
        await gate.arrivals(1)
        // A strategy that made the second search wait for the first one's request would wait for
        // the gate: only then, after five seconds, is it opened.
        let rescue = Task {
            try await Task.sleep(for: .seconds(5))
            gate.open()
        }
        defer { rescue.cancel() }
        let second = await strategy.filter(town.places, matching: "Harbour")
        #expect(
            !gate.isOpen && geocoder.calls == 3,
            "The second search asked the geocoder itself while the first one's request was still held")
        #expect(
            second.map(\.name) == ["Old Town Books", "Café Central", "Bäckerei Öztürk"],
            "The second search shows its own request's answer")
        gate.open()
        #expect(
            await first.value.map(\.name) == ["Harbour Café", "Müller Drogerie", "CAFE NOIR"],
            "The first search shows its own")
    }

    @Test("Lists the nearest place first [2.4]")
    func nearestFirst() async {
        let strategy = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: 1_000)
        let found = await strategy.filter(town.places, matching: "Old Town")
        #expect(
            found.map(\.name) == ["Old Town Books", "Café Central", "Bäckerei Öztürk"],
            "Sorted by distance from Old Town: 74 m, 85 m, 848 m"
        )
    }

    @Test("The radius decides how far a place may be [2.2, 2.4]", arguments: [100.0, 3_000.0])
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
        #expect(
            found.map(\.name) == expected,
            "Radius \(Int(radius)) m around Harbour: the places within it, nearest first")
    }

    @Test("A place exactly at the radius is kept; one just past it is not [2.3]")
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
            "Müller Drogerie is exactly radiusInMeters away: at most the radius is kept, so <=, not <"
        )

        let justShort = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: meters.nextDown)
        let dropped = await justShort.filter(town.places, matching: "Harbour")
        #expect(
            dropped.map(\.name) == ["Harbour Café"],
            "With the radius a hair shorter, Müller Drogerie is just past it and is dropped")
    }

    @Test("An address the geocoder doesn't know gives no places [2.5]")
    func unknownAddressGivesNothing() async throws {
        let strategy = NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: 1_000)
        let known = await strategy.filter(town.places, matching: "Harbour")
        try #require(known.count == 3, "A known address finds the places near it")
        let unknown = await strategy.filter(town.places, matching: "Atlantis")
        #expect(unknown.isEmpty, "An unknown address finds nothing, and nothing crashes")
    }

    @Test(
        "A failing geocoder gives no places, asked once; the next search, for the same address too, asks again [2.1, 2.5]",
        arguments: geocoderErrors)
    func geocoderFailureGivesNothing(error: any Error) async {
        // Fails the first time it is asked, as if offline for a moment; then answers as usual.
        let geocoder = RecordingGeocoder(FailsOnceGeocoder(error, then: town.geocoder))
        let strategy = NearAddressSearchStrategy(geocoder: geocoder, radiusInMeters: 1_000)
        let failed = await strategy.filter(town.places, matching: "Old Town")
        #expect(failed.isEmpty, "Any geocoder error (here \(error)) means no places, not a crash")
        #expect(
            geocoder.addresses == ["Old Town"],
            "A search whose geocoder throws asked it once: it doesn't ask a second time")
        let again = await strategy.filter(town.places, matching: "Old Town")
        #expect(
            again.map(\.name) == ["Old Town Books", "Café Central", "Bäckerei Öztürk"],
            "The same address searched again is looked up again, and found: a failure is not remembered"
        )
        let recovered = await strategy.filter(town.places, matching: "Harbour")
        #expect(recovered.count == 3, "One failure doesn't break the strategy for later searches")
        #expect(
            geocoder.addresses == ["Old Town", "Old Town", "Harbour"],
            "Three searches, three questions to the geocoder, one each")
    }

    @Test(
        "A blank address is an address like any other: the geocoder is asked, and decides [2.1, 2.6]",
        arguments: ["", " ", " \t\n", "\r\n"])
    func blankAddressAsksTheGeocoder(term: String) async {
        let town = self.town
        let geocoder = RecordingGeocoder(town.geocoder)
        let strategy = NearAddressSearchStrategy(geocoder: geocoder, radiusInMeters: 1_000)
        let found = await strategy.filter(town.places, matching: term)
        #expect(
            geocoder.addresses == [term],
            "A blank term \(term.debugDescription) is asked for too, once, as given")
        #expect(
            found.isEmpty,
            "The town's geocoder knows no blank address: no places, not every place as a search by name gives"
        )
        // A geocoder that reads a blank address as "where I am": at the harbour.
        let here = NearAddressSearchStrategy(
            geocoder: ScriptedGeocoder { _ in town.harbour }, radiusInMeters: 1_000)
        let near = await here.filter(town.places, matching: term)
        #expect(
            near.map(\.name) == ["Harbour Café", "Müller Drogerie", "CAFE NOIR"],
            "The geocoder decides what a blank address means: here, the places near where the person is"
        )
    }

    @Test("Asks the geocoder once per search, for the term as given [2.1]")
    func asksTheGeocoderOnceForTheTerm() async {
        let geocoder = RecordingGeocoder(town.geocoder)
        let strategy = NearAddressSearchStrategy(geocoder: geocoder, radiusInMeters: 1_000)
        let found = await strategy.filter(town.places, matching: " Old Town\n")
        #expect(
            geocoder.addresses == [" Old Town\n"],
            "One search asks the geocoder once, for the term exactly as typed: the geocoder decides what an address means"
        )
        #expect(
            found.map(\.name) == ["Old Town Books", "Café Central", "Bäckerei Öztürk"],
            "The geocoder's coordinate for the term is where the distances are measured from"
        )
        _ = await strategy.filter(town.places, matching: "Harbour")
        #expect(
            geocoder.addresses == [" Old Town\n", "Harbour"],
            "The next search asks again, for its own term: nothing is kept from the last one"
        )
        let again = await strategy.filter(town.places, matching: "Harbour")
        #expect(
            geocoder.addresses == [" Old Town\n", "Harbour", "Harbour"],
            "An address found before is looked up again: the geocoder's answer may have changed"
        )
        #expect(again.count == 3, "The address searched again finds the places near it again")
    }
}

/// A geocoder whose second answer, `held`, waits at a gate; every other call answers `then` at
/// once.
private final class SecondAnswerHeldGeocoder: Geocoder {
    private let gate: Gate
    private let held: Coordinate
    private let then: Coordinate
    private let count = Mutex(0)

    init(gate: Gate, held: Coordinate, then: Coordinate) {
        self.gate = gate
        self.held = held
        self.then = then
    }

    /// How many times the geocoder was asked.
    var calls: Int { count.withLock { $0 } }

    func coordinate(for address: String) async throws -> Coordinate {
        let call = count.withLock { count in
            count += 1
            return count
        }
        guard call == 2 else { return then }
        await gate.pass()
        return held
    }
}
