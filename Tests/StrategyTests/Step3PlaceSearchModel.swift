import KataTestSupport
import ScanKit
import Strategy
import Testing

@Suite("Strategy · Step 3 — The screen model holds one strategy", .tags(.scan))
@MainActor
struct Step3PlaceSearchModel {
    let town: Town

    init() throws {
        town = try Town()
    }

    @Test("A new model shows nothing until the first search")
    func nothingBeforeFirstSearch() async throws {
        let hatches = try EscapeHatches.findings(inPattern: "Strategy")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 3))")
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        #expect(model.results.isEmpty, "No search yet, no results, not every place (step 3)")
        #expect(model.term.isEmpty, "No search yet, no term (step 3)")
        await model.search(for: "books")
        #expect(model.results.map(\.name) == ["Old Town Books"], "The first search shows its answer (step 3)")
    }

    @Test("Shows what the current strategy finds for the term")
    func showsStrategyResults() async {
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        await model.search(for: " Cafe ")
        #expect(model.term == " Cafe ", "The model remembers the term as typed, untrimmed (step 3)")
        #expect(
            model.results.map(\.name) == ["CAFE NOIR", "Harbour Café", "Café Central"],
            "results is the strategy's answer (step 3)"
        )
    }

    @Test("results is the strategy's answer as it is: nothing, everything, or in between")
    func resultsAreTheAnswerAsIs() async {
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        await model.search(for: "cafe")
        await model.search(for: "zzz")
        #expect(model.results.isEmpty, "An empty answer replaces the previous results (step 3)")
        await model.search(for: "")
        #expect(model.results.map(\.name) == town.names, "An empty term's answer is every place (step 3)")
    }

    @Test("A longer term searches every place again, not the previous results")
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
            "\"Old Town\" extends \"Old\", yet its places are not among Old's: every search starts from all places (step 3)"
        )
    }

    @Test("Each search starts from every place, not from the last results")
    func searchesAllPlacesEachTime() async {
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        await model.search(for: "cafe")
        await model.search(for: "books")
        #expect(
            model.results.map(\.name) == ["Old Town Books"],
            "Searching \"books\" after \"cafe\" still finds Old Town Books (step 3)"
        )
    }

    @Test("Changing the scope searches the same term again with the new strategy")
    func changingScopeSearchesAgain() async throws {
        let model = PlaceSearchModel(places: town.places, strategy: LexicalSearchStrategy())
        await model.search(for: "Harbour")
        try #require(model.results.map(\.name) == ["Harbour Café"], "By name first (step 3)")

        await model.changeScope(to: NearAddressSearchStrategy(geocoder: town.geocoder, radiusInMeters: 1_000))
        #expect(
            model.results.map(\.name) == ["Harbour Café", "Müller Drogerie", "CAFE NOIR"],
            "After the scope change, \"Harbour\" is an address: places near it, nearest first (step 3)"
        )

        await model.changeScope(to: LexicalSearchStrategy())
        #expect(model.results.map(\.name) == ["Harbour Café"], "And back to by-name (step 3)")
        #expect(model.term == "Harbour", "Changing scope keeps the term (step 3)")
    }

    @Test("A strategy the model has never seen plugs in without changing the model")
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
            "The model passes its places and the term to whatever strategy it holds (step 3)"
        )
        await model.changeScope(to: ReversedStrategy())
        #expect(
            model.results.map(\.name) == town.names.reversed(),
            "The model shows the strategy's answer as is, in the strategy's order (step 3)"
        )
    }
}
