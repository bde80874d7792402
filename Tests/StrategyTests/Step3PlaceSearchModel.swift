import KataTestSupport
import ScanKit
import Strategy
import Testing

@Suite("Strategy · Step 3 — The screen model holds one strategy", .tags(.scan), .noEscapeHatches("Strategy"))
@MainActor
struct Step3PlaceSearchModel {
    let town: Town

    init() throws {
        town = try Town()
    }

    @Test("A new model shows nothing until the first search [3.1, 3.3]")
    func nothingBeforeFirstSearch() async throws {
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        #expect(model.results.isEmpty, "No search yet, no results, not every place")
        #expect(model.term.isEmpty, "No search yet, no term")
        await model.search(for: "books")
        #expect(
            model.results.map(\.name) == ["Old Town Books"], "The first search shows its answer")
    }

    @Test("Shows what the current strategy finds for the term [3.2, 3.3]")
    func showsStrategyResults() async {
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        await model.search(for: " Cafe ")
        #expect(model.term == " Cafe ", "The model remembers the term as typed, untrimmed")
        #expect(
            model.results.map(\.name) == ["CAFE NOIR", "Harbour Café", "Café Central"],
            "results is the strategy's answer"
        )
    }

    @Test("results is the strategy's answer as it is: nothing, everything, or in between [3.3]")
    func resultsAreTheAnswerAsIs() async {
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        await model.search(for: "cafe")
        await model.search(for: "zzz")
        #expect(model.results.isEmpty, "An empty answer replaces the previous results")
        await model.search(for: "")
        #expect(
            model.results.map(\.name) == town.names,
            "An empty term's answer is every place, and results lists them all")
    }

    @Test("Searching again for the term on screen asks the strategy again, and shows its new answer [3.3]")
    func sameTermSearchesAgain() async {
        // The geocoder is down the first time it is asked, and back the second.
        let geocoder = RecordingGeocoder(FailsOnceGeocoder(ServiceDown(), then: town.geocoder))
        let model = PlaceSearchModel(
            places: town.places,
            strategy: NearAddressSearchStrategy(geocoder: geocoder, radiusInMeters: 1_000))
        await model.search(for: "Harbour")
        #expect(model.results.isEmpty, "The geocoder failed: the strategy's answer is no places")
        await model.search(for: "Harbour")
        #expect(
            geocoder.addresses == ["Harbour", "Harbour"],
            "The same term again is a search of its own: the strategy is asked again")
        #expect(
            model.results.map(\.name) == ["Harbour Café", "Müller Drogerie", "CAFE NOIR"],
            "…and its new answer shows, not the old one")
    }

    @Test("The strategy gets the term exactly as typed: the model trims nothing [3.2, 3.7]")
    func termReachesTheStrategyAsTyped() async {
        // Declared here: it records every term it is handed, and answers every place.
        struct TermRecordingStrategy: SearchStrategy {
            let terms: Recorder<String>
            func filter(_ places: [Place], matching term: String) -> [Place] {
                terms.record(term)
                return places
            }
        }
        let geocoder = RecordingGeocoder(town.geocoder)
        let model = PlaceSearchModel(
            places: town.places,
            strategy: NearAddressSearchStrategy(geocoder: geocoder, radiusInMeters: 1_000))
        await model.search(for: " Old Town\n")
        #expect(model.term == " Old Town\n", "The model remembers the term as typed")
        #expect(
            geocoder.addresses == [" Old Town\n"],
            "The strategy, and so its geocoder, gets the term as typed, spaces and newline included"
        )
        #expect(
            model.results.map(\.name) == ["Old Town Books", "Café Central", "Bäckerei Öztürk"],
            "The geocoder decided what \" Old Town\\n\" means")

        let terms = Recorder<String>()
        await model.changeScope(to: TermRecordingStrategy(terms: terms))
        await model.search(for: "\tcafe ")
        #expect(
            terms.all == [" Old Town\n", "\tcafe "],
            "A strategy of the test's own is handed each term exactly as typed, never trimmed")
    }

    @Test("A longer term searches every place again, not the previous results [3.4]")
    func longerTermSearchesEverything() async {
        let town = self.town
        // "Old" happens to resolve to the harbour; "Old Town" to the old town, 2 km away.
        let geocoder = ScriptedGeocoder { address in
            address == "Old" ? town.harbour : try await town.geocoder.coordinate(for: address)
        }
        let model = PlaceSearchModel(
            places: town.places,
            strategy: NearAddressSearchStrategy(geocoder: geocoder, radiusInMeters: 1_000))
        await model.search(for: "Old")
        await model.search(for: "Old Town")
        #expect(
            model.results.map(\.name) == ["Old Town Books", "Café Central", "Bäckerei Öztürk"],
            "\"Old Town\" extends \"Old\", yet its places are not among Old's: every search starts from all places"
        )
    }

    @Test("Each search starts from every place, not from the last results [3.4]")
    func searchesAllPlacesEachTime() async {
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        await model.search(for: "cafe")
        await model.search(for: "books")
        #expect(
            model.results.map(\.name) == ["Old Town Books"],
            "Searching \"books\" after \"cafe\" still finds Old Town Books"
        )
    }

    @Test("Changing the scope searches the same term again with the new strategy [3.3, 3.5]")
    func changingScopeSearchesAgain() async throws {
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        await model.search(for: "Harbour")
        try #require(model.results.map(\.name) == ["Harbour Café"], "By name first")

        await model.changeScope(to: NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: 1_000))
        #expect(
            model.results.map(\.name) == ["Harbour Café", "Müller Drogerie", "CAFE NOIR"],
            "After the scope change, \"Harbour\" is an address: places near it, nearest first"
        )

        await model.changeScope(to: LexicalSearchStrategy())
        #expect(model.results.map(\.name) == ["Harbour Café"], "And back to by-name")
        #expect(model.term == "Harbour", "Changing scope keeps the term")
    }

    @Test("A scope change before the first search searches for the empty term [3.5]")
    func scopeChangeBeforeFirstSearch() async {
        // Declared here: it answers every place, in reverse order, for the empty term, and nothing for any other.
        struct EmptyTermStrategy: SearchStrategy {
            func filter(_ places: [Place], matching term: String) -> [Place] {
                term.isEmpty ? places.reversed() : []
            }
        }
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        await model.changeScope(to: EmptyTermStrategy())
        #expect(
            model.term.isEmpty,
            "A scope change keeps the term, still empty before the first search")
        #expect(
            model.results.map(\.name) == town.names.reversed(),
            "A scope change is a search: the new strategy's answer for the empty term shows, even before the first search"
        )
    }

    @Test("A strategy the model has never seen plugs in without changing the model [3.3, 3.6]")
    func acceptsAnyStrategy() async {
        // Declared here, in the test: the model can't know about it, so it can't special-case it.
        struct ExactNameStrategy: SearchStrategy {
            func filter(_ places: [Place], matching term: String) async -> [Place] {
                places.filter { $0.name == term }
            }
        }
        struct ReversedStrategy: SearchStrategy {
            func filter(_ places: [Place], matching term: String) -> [Place] {
                places.reversed()
            }
        }
        let model = PlaceSearchModel(places: town.places, strategy: ExactNameStrategy())
        await model.search(for: "Müller Drogerie")
        #expect(
            model.results.map(\.name) == ["Müller Drogerie"],
            "The model passes its places and the term to whatever strategy it holds"
        )
        await model.changeScope(to: ReversedStrategy())
        #expect(
            model.results.map(\.name) == town.names.reversed(),
            "The model shows the strategy's answer as is, in the strategy's order"
        )
        // A strategy whose answer lists every place twice, as one that merges two sources may.
        struct TwiceStrategy: SearchStrategy {
            func filter(_ places: [Place], matching term: String) -> [Place] {
                places + places
            }
        }
        await model.changeScope(to: TwiceStrategy())
        #expect(
            model.results == town.places + town.places,
            "The model shows the answer as is: a place the strategy lists twice is shown twice")
    }
}
