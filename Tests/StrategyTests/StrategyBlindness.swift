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
    let question = /\b(is|as[?!])\s+(any\s+|some\s+)?\w*Strategy\b|\btype\(of:/
    return try EscapeHatches.sources(inPattern: "Strategy").flatMap { source in
        source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
            index, line in
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            return code.contains(question) ? "\(source.file):\(index + 1)" : nil
        }
    }
}

extension Step3PlaceSearchModel {
    @Test("No code in the kata asks a strategy for its type, not even for a blank term [3.6]")
    func noTypeChecks() async throws {
        let model = PlaceSearchModel(places: town.places, strategy: NameEchoStrategy())
        await model.search(for: " ")
        #expect(
            model.results.map(\.name) == ["echo: \" \""],
            "A blank term goes to the strategy like any other, and its answer shows (rules 3.3, 3.6)")
        let found = try strategyTypeChecks()
        #expect(
            found.isEmpty,
            """
            The model asks which strategy it holds at \(found.joined(separator: ", ")): hand every \
            search to the strategy, whatever it is (rule 3.6)
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
