import KataTestSupport
import ScanKit
import Strategy
import Testing

@Suite("Strategy · Step 1 — Search by name", .tags(.scan), .noEscapeHatches("Strategy"))
struct Step1LexicalSearch {
    let town: Town
    let strategy = LexicalSearchStrategy()

    init() throws {
        town = try Town()
    }

    @Test("Keeps the places whose name contains the term, in the order they were given [1.1]")
    func keepsMatchesInGivenOrder() async throws {
        let found = await strategy.filter(town.places, matching: "r")
        #expect(
            found.map(\.name) == [
                "Bäckerei Öztürk", "CAFE NOIR", "Müller Drogerie", "Harbour Café", "Café Central",
            ],
            "Every name containing \"r\" (any case), in the order of the input"
        )
    }

    @Test(
        "Keeps every match, even places of one name or the same place twice, and answers from the places it is given each time [1.1]"
    )
    func keepsEveryMatchOfEveryCall() async throws {
        // A chain's second store has the first one's name; a list may hold one place twice.
        let secondStore = Place(
            name: "Harbour Café", coordinate: try Coordinate(latitude: 53.5600, longitude: 10.0100))
        let listed = town.places + [secondStore, town.places[4]]
        let found = await strategy.filter(listed, matching: "harbour")
        #expect(
            found == [town.places[4], secondStore, town.places[4]],
            "Every place whose name matches is kept, repeats included, in the order given")
        // One strategy, asked about a short list and then a longer one: each answer comes from
        // the places given to that call, not from what it found before.
        let few = await strategy.filter(Array(town.places.prefix(2)), matching: "caf")
        #expect(few.map(\.name) == ["CAFE NOIR"], "Two places given, one café among them")
        let all = await strategy.filter(town.places, matching: "caf")
        #expect(
            all.map(\.name) == ["CAFE NOIR", "Harbour Café", "Café Central"],
            "All six places given: all three cafés, whatever the last call found")
    }

    @Test(
        "Ignores case and accents [1.2]",
        arguments: [
            ("cafe", ["CAFE NOIR", "Harbour Café", "Café Central"]),
            ("CAFÉ", ["CAFE NOIR", "Harbour Café", "Café Central"]),
            ("muller", ["Müller Drogerie"]),
            ("cAfÉ", ["CAFE NOIR", "Harbour Café", "Café Central"]),
            ("MÜLLER", ["Müller Drogerie"]),
            ("OZTURK", ["Bäckerei Öztürk"]),
            ("old town", ["Old Town Books"]),
        ]
    )
    func ignoresCaseAndAccents(term: String, expected: [String]) async {
        let found = await strategy.filter(town.places, matching: term)
        #expect(
            found.map(\.name) == expected,
            "\"\(term)\" matches names that differ only in case or accents"
        )
    }

    @Test(
        "A blank term keeps every place [1.3, 1.4]",
        arguments: [
            "", "   ", "\n", "\t \n\t", "\r\n", " \r\n\t ", "\u{00A0}", "\u{2028}", "\u{3000}\u{2029} ",
        ])
    func blankTermKeepsEverything(term: String) async {
        let found = await strategy.filter(town.places, matching: term)
        #expect(
            found.map(\.name) == town.names,
            "An empty search box, or one of only white space of any kind (\(term.debugDescription)), shows every place, in order"
        )
    }

    @Test("A term of several words matches as written, not word by word [1.5]")
    func severalWordsMatchAsWritten() async throws {
        let written = await strategy.filter(town.places, matching: "old town")
        try #require(
            written.map(\.name) == ["Old Town Books"], "\"old town\" finds Old Town Books")
        let squeezed = await strategy.filter(town.places, matching: "old  town")
        #expect(
            squeezed.isEmpty,
            "\"old  town\", with two spaces, is not in any name: inner spaces count")
        let swapped = await strategy.filter(town.places, matching: "town old")
        #expect(
            swapped.isEmpty,
            "\"town old\" is not in any name: the term is one piece of text, not a set of words")
    }

    @Test(
        "White space of every kind around the term is ignored [1.3]",
        arguments: [
            "  books ", "\tbooks\n", "\n books\t ", "\r\nbooks\r\n", "\t BOOKS \n", " Books\t",
            "\u{00A0}books\u{2028}", "\u{3000}Books\u{2029}", "\u{2003}books\u{0085}",
        ])
    func trimsTheTerm(term: String) async {
        let found = await strategy.filter(town.places, matching: term)
        #expect(
            found.map(\.name) == ["Old Town Books"],
            "\(term.debugDescription) searches for \"books\": white space around the term is ignored"
        )
    }

    @Test("Matches the same way on every device, whatever its language [1.2, 1.6]")
    func matchesWithoutTheDevicesLocale() async throws {
        for (term, expected) in [("noir", ["CAFE NOIR"]), ("DROGERIE", ["Müller Drogerie"])] {
            let found = await strategy.filter(town.places, matching: term)
            #expect(
                found.map(\.name) == expected,
                "\"\(term)\" finds \(expected): I and i are one letter's two cases")
        }
        // A phone set to Turkish reads "I" and "i" as two letters, so a match that follows the
        // device's language misses "CAFE NOIR" there; this machine's language can't show it, so
        // the test reads the sources (comments left out).
        let found = try EscapeHatches.sources(inPattern: "Strategy").flatMap { source in
            localeDependence(in: source.text).map { "\(source.file):\($0)" }
        }
        #expect(
            localeDependence(in: "name.localizedStandardContains(needle)") == [1]
                && localeDependence(in: "options: [.caseInsensitive], locale: .current)") == [1]
                && localeDependence(in: "range(of: needle, options: options, locale: nil)").isEmpty,
            "The source check sees a match that follows the device's language, and nothing else")
        #expect(
            found.isEmpty,
            """
            The match follows the device's language at \(found.joined(separator: ", ")): fold case \
            and accents the same way on every device
            """)
    }
}

/// The lines (from 1) of `text` whose match follows the device's language or region.
///
/// That is a `localized…` comparison or case change, or the current locale; comments are left
/// out.
func localeDependence(in text: String) -> [Int] {
    let deviceLocale =
        /localized(Standard|CaseInsensitive|Compare|Lowercase|Uppercase|Capitalized)\w*|Locale\s*\.\s*(current|autoupdatingCurrent)\b|\b(locale|with):\s*\.(current|autoupdatingCurrent)\b/
    return EscapeHatches.codeLines(of: text).compactMap { number, code in
        code.contains(deviceLocale) ? number : nil
    }
}
