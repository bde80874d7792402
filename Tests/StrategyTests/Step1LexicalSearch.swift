import ScanKit
import Strategy
import Testing

@Suite("Step 1 — Search by name", .tags(.scan))
struct Step1LexicalSearch {
    let town: Town
    let strategy = LexicalSearchStrategy()

    init() throws {
        town = try Town()
    }

    @Test("Keeps the places whose name contains the term, in the order they were given")
    func keepsMatchesInGivenOrder() async {
        let found = await strategy.filter(town.places, matching: "r")
        #expect(
            found.map(\.name) == [
                "Bäckerei Öztürk", "CAFE NOIR", "Müller Drogerie", "Harbour Café", "Café Central",
            ],
            "Every name containing \"r\" (any case), in the order of the input (step 1)"
        )
    }

    @Test(
        "Ignores case and accents",
        arguments: [
            ("cafe", ["CAFE NOIR", "Harbour Café", "Café Central"]),
            ("CAFÉ", ["CAFE NOIR", "Harbour Café", "Café Central"]),
            ("muller", ["Müller Drogerie"]),
            ("OZTURK", ["Bäckerei Öztürk"]),
            ("old town", ["Old Town Books"]),
        ]
    )
    func ignoresCaseAndAccents(term: String, expected: [String]) async {
        let found = await strategy.filter(town.places, matching: term)
        #expect(
            found.map(\.name) == expected,
            "\"\(term)\" matches names that differ only in case or accents (step 1)"
        )
    }

    @Test("A blank term keeps every place", arguments: ["", "   "])
    func blankTermKeepsEverything(term: String) async {
        let found = await strategy.filter(town.places, matching: term)
        #expect(found.map(\.name) == town.names, "An empty search box shows every place, in order (step 1)")
    }

    @Test("Spaces around the term are ignored")
    func trimsTheTerm() async {
        let found = await strategy.filter(town.places, matching: "  books ")
        #expect(found.map(\.name) == ["Old Town Books"], "\"  books \" searches for \"books\" (step 1)")
    }
}
