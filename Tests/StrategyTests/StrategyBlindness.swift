import KataTestSupport
import ScanKit
import Strategy
import Testing

/// Where the Strategy module's own sources ask a strategy for its type, as `file:line`.
///
/// A screen model that answers a blank term itself when it holds the by-name strategy gives the
/// same results as asking it: no run can tell. Rule 3.6 forbids the question, so the test reads
/// the sources (`Katas/Strategy`, or `Solutions/Strategy` with `KATA_SOLUTIONS=1`, subfolders
/// included), comments left out.
func strategyTypeChecks() throws -> [String] {
    try EscapeHatches.sources(inPattern: "Strategy").flatMap { source in
        typeQuestions(in: source.text).map { "\(source.file):\($0)" }
    }
}

/// The lines (from 1) of `text` that ask a strategy for its type, comments left out.
///
/// `is`, `as?` and `as!` anywhere; a plain `as` only in a pattern (`case _ as …`, `case let s
/// as …`), where it tests the type too. A plain `as` elsewhere only converts, and asks nothing.
/// The type asked another way counts too: its name as text (`String(describing:)`,
/// `String(reflecting:)`, a string naming a strategy), a `Mirror`, an `ObjectIdentifier`, or a
/// strategy type's `.self`.
func typeQuestions(in text: String) -> [Int] {
    let question =
        /\b(is|as[?!])\s+(any\s+|some\s+)?\w*Strategy\b|\btype\(of:|\bcase\b.*\bas\s+(any\s+|some\s+)?\w*Strategy\b/
    let byName =
        /String\((describing|reflecting):|\bMirror\(|\bObjectIdentifier\(|\w*Strategy\.self\b|"[^"]*\w+SearchStrategy/
    return EscapeHatches.codeLines(of: text).compactMap { number, code in
        code.contains(question) || code.contains(byName) ? number : nil
    }
}

extension Step3PlaceSearchModel {
    @Test("No code in the kata asks a strategy for its type, not even for a blank term [3.6]")
    func noTypeChecks() async throws {
        let model = PlaceSearchModel(places: town.places, strategy: NameEchoStrategy())
        await model.search(for: " ")
        #expect(
            model.results.map(\.name) == ["echo: \" \""],
            "A blank term goes to the strategy like any other, and its answer shows")
        let questions = [
            "if strategy is LexicalSearchStrategy {", "let s = strategy as? NearAddressSearchStrategy",
            "if case _ as LexicalSearchStrategy = strategy,", "case let s as any SearchStrategy:",
            "switch type(of: strategy) {",
            "if String(describing: strategy).hasPrefix(\"LexicalSearchStrategy\") {",
            "let mirror = Mirror(reflecting: strategy)",
            "if \"\\(strategy)\" == \"LexicalSearchStrategy()\" {",
            "ObjectIdentifier(LexicalSearchStrategy.self)",
        ]
        let conversions = [
            "let s = LexicalSearchStrategy() as any SearchStrategy", "case .byName: break",
            "// case _ as LexicalSearchStrategy", "if case let term? = latest as String? {",
        ]
        #expect(
            questions.allSatisfy { typeQuestions(in: $0) == [1] }
                && conversions.allSatisfy { typeQuestions(in: $0).isEmpty },
            "The source check sees every way to ask a strategy's type, and nothing else")
        let found = try strategyTypeChecks()
        #expect(
            found.isEmpty,
            """
            The model asks which strategy it holds at \(found.joined(separator: ", ")): hand every \
            search to the strategy, whatever it is
            """)
    }
}

/// A strategy the model has never seen: it answers with one place that names the term it got.
struct NameEchoStrategy: SearchStrategy {
    func filter(_ places: [Place], matching term: String) async -> [Place] {
        guard let somewhere = places.first?.coordinate else { return [] }
        return [Place(name: "echo: \"\(term)\"", coordinate: somewhere)]
    }
}
