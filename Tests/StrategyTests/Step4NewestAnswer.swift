import KataTestSupport
import ScanKit
import Strategy
import Synchronization
import Testing

/// Tests in which the geocoder plays the impatient user, or holds an answer back at a gate.
///
/// While it is still resolving an address, the geocoder makes the model search again, or waits
/// until the test has run a newer search. That is exactly what happens when someone keeps typing
/// while a slow geocoder is working, but here it happens in a fixed order, every time.
// Why the time limit: a model that makes each search wait for the previous one deadlocks here
// (the older search waits on the geocoder, which waits on the newer search). The run can't be
// freed, but after a minute the log names the test and says "Time limit was exceeded".
@Suite(
    "Strategy · Step 4 — A late answer never replaces a newer one", .tags(.scan), .timeLimit(.minutes(1)),
    .noEscapeHatches("Strategy"))
@MainActor
struct Step4NewestAnswer {
    let town: Town

    init() throws {
        town = try Town()
    }

    @Test("A slow answer for an older term doesn't replace the newer term's results [4.1, 4.2]")
    func olderTermLoses() async throws {
        let town = self.town
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        let slowGeocoder = ScriptedGeocoder { address in
            if address == "Old Town" {
                // Still resolving "Old Town", the user types "Harbour"; that search finishes first.
                await model.search(for: "Harbour")
                return town.oldTown
            }
            return try await town.geocoder.coordinate(for: address)
        }
        await model.changeScope(to: NearAddressSearchStrategy(geocoder: slowGeocoder, radiusInMeters: 1_000))

        await model.search(for: "Old Town")

        #expect(model.term == "Harbour", "The newest term is \"Harbour\"")
        #expect(
            model.results.map(\.name) == ["Harbour Café", "Müller Drogerie", "CAFE NOIR"],
            "The late answer for \"Old Town\" is dropped; the screen shows Harbour's places"
        )
    }

    @Test("A slow answer for a scope change doesn't replace a newer search's results [4.3]")
    func scopeChangeLosesToNewerSearch() async {
        let town = self.town
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        await model.search(for: "Harbour")
        let slowGeocoder = ScriptedGeocoder { address in
            if address == "Harbour" {
                // Still resolving the scope change's search, the user types "Old Town".
                await model.search(for: "Old Town")
            }
            return try await town.geocoder.coordinate(for: address)
        }

        await model.changeScope(to: NearAddressSearchStrategy(geocoder: slowGeocoder, radiusInMeters: 1_000))

        #expect(model.term == "Old Town", "The newest term is \"Old Town\"")
        #expect(
            model.results.map(\.name) == ["Old Town Books", "Café Central", "Bäckerei Öztürk"],
            """
            Every path that writes results drops a late answer: the scope change's answer for \
            Harbour arrives after the search for Old Town, so it is dropped
            """
        )
    }

    @Test("A slow answer from the previous scope doesn't replace the new scope's results [4.3]")
    func previousScopeLoses() async {
        let town = self.town
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        let slowGeocoder = ScriptedGeocoder { address in
            if address == "Harbour" {
                // Still resolving, the user switches back to search by name.
                await model.changeScope(to: LexicalSearchStrategy())
            }
            return try await town.geocoder.coordinate(for: address)
        }
        await model.changeScope(to: NearAddressSearchStrategy(geocoder: slowGeocoder, radiusInMeters: 1_000))

        await model.search(for: "Harbour")

        #expect(
            model.results.map(\.name) == ["Harbour Café"],
            "The by-name answer is the newest; the near-address answer that arrives later is dropped"
        )
    }

    @Test("A late answer for the same term, from a strategy of the same type, still loses [4.1, 4.4]")
    func sameTermSameTypeLoses() async throws {
        let town = self.town
        let gate = Gate()
        // Holds every search at the gate until the test opens it, then answers like the town's geocoder.
        let gatedGeocoder = RecordingGeocoder(
            ScriptedGeocoder { address in
                await gate.pass()
                return try await town.geocoder.coordinate(for: address)
            })
        let model = PlaceSearchModel(
            places: town.places,
            strategy: NearAddressSearchStrategy(geocoder: gatedGeocoder, radiusInMeters: 1_000))
        // Opened on every path, so that no search is left waiting when the test ends.
        defer { gate.open() }
        let slow = Task {
            await model.search(for: "Harbour")
            // Counts as an arrival too: a search that never reaches the geocoder can't hang the test.
            await gate.pass()
        }
        await gate.arrivals(1)
        try #require(
            gatedGeocoder.addresses == ["Harbour"],
            "The 1 km search for \"Harbour\" asks its strategy, which waits on the geocoder")

        await model.changeScope(to: NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: 100))
        #expect(
            model.results.map(\.name) == ["Harbour Café"],
            "The newer 100 m search runs at once and shows its answer while the 1 km one still waits"
        )

        gate.open()
        await slow.value
        #expect(
            model.results.map(\.name) == ["Harbour Café"],
            """
            The 1 km answer for "Harbour" started first and arrives last: it is dropped, though its term \
            and its strategy's type are those of the newer search
            """
        )
    }
}

/// A strategy whose every answer is its own, as a live service's may change between two
/// searches for one term: the n-th search it serves answers the town's n-th place alone, whatever
/// the term, and the first search waits at `gate` until the test opens it.
final class NumberedAnswersStrategy: SearchStrategy {
    private let gate: Gate
    private let served = Mutex(0)

    init(gate: Gate) {
        self.gate = gate
    }

    func filter(_ places: [Place], matching term: String) async -> [Place] {
        let number = served.withLock { served in
            served += 1
            return served
        }
        if number == 1 { await gate.pass() }
        return [places[(number - 1) % places.count]]
    }
}

extension Step4NewestAnswer {
    @Test(
        "A late answer for a term typed again (old, new, old) loses to the newer search for it [4.1, 4.2, 4.4]"
    )
    func termTypedAgainLateAnswerLoses() async throws {
        let gate = Gate()
        let model = PlaceSearchModel(places: town.places, strategy: NumberedAnswersStrategy(gate: gate))
        // Opened on every path, so that no search is left waiting when the test ends.
        defer { gate.open() }
        let slow = Task {
            await model.search(for: "Harbour")
            // Counts as an arrival too: a search that never reaches the strategy can't hang the test.
            await gate.pass()
        }
        await gate.arrivals(1)
        await model.search(for: "Old Town")
        await model.search(for: "Harbour")
        #expect(
            model.results.map(\.name) == [town.names[2]],
            "The third search, for \"Harbour\" again, runs at once and shows its own answer")

        gate.open()
        await slow.value
        #expect(
            model.results.map(\.name) == [town.names[2]],
            """
            The first search's answer for "Harbour" arrives last: it is dropped, though its term and its \
            strategy are those of the search shown: the newer search is the one that started later
            """
        )
    }
}

extension Step4NewestAnswer {
    @Test(
        "Random sequences of searches, scope changes and answers arriving in any order agree with the brief's model [3.2, 3.3, 3.5, 4.1, 4.2, 4.3, 4.4]"
    )
    nonisolated func randomSequencesAgreeWithTheModel() async throws {
        let places = town.places
        let check = ModelCheck<SearchModel.Operation>(
            sequences: 120, length: 1...12
        ) { random in SearchModel.operation(using: &random) }
        let failure = await check.run { operations in
            await SearchModelReplay.disagreement(operations, places: places)
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
