import KataTestSupport
import ScanKit
import Strategy
import Testing

@Suite("Strategy · Step 1 — Search by name", .tags(.scan))
struct Step1LexicalSearch {
    let town: Town
    let strategy = LexicalSearchStrategy()

    init() throws {
        town = try Town()
    }

    @Test("Keeps the places whose name contains the term, in the order they were given")
    func keepsMatchesInGivenOrder() async throws {
        let hatches = try EscapeHatches.findings(inPattern: "Strategy")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 1))")
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

    @Test("A blank term keeps every place", arguments: ["", "   ", "\n", "\t \n\t"])
    func blankTermKeepsEverything(term: String) async {
        let found = await strategy.filter(town.places, matching: term)
        #expect(found.map(\.name) == town.names, "An empty search box shows every place, in order (step 1)")
    }

    @Test("A term of several words matches as written, not word by word")
    func severalWordsMatchAsWritten() async throws {
        let written = await strategy.filter(town.places, matching: "old town")
        try #require(written.map(\.name) == ["Old Town Books"], "\"old town\" finds Old Town Books (step 1)")
        let squeezed = await strategy.filter(town.places, matching: "old  town")
        #expect(
            squeezed.isEmpty,
            "\"old  town\", with two spaces, is not in any name: inner spaces count (step 1)")
        let swapped = await strategy.filter(town.places, matching: "town old")
        #expect(
            swapped.isEmpty,
            "\"town old\" is not in any name: the term is one piece of text, not a set of words (step 1)")
    }

    @Test("Spaces around the term are ignored")
    func trimsTheTerm() async {
        let found = await strategy.filter(town.places, matching: "  books ")
        #expect(found.map(\.name) == ["Old Town Books"], "\"  books \" searches for \"books\" (step 1)")
    }
}
