import Foundation
import KataTestSupport
import ScanCapstone
import ScanKit
import Testing

/// Step 0: what the legacy screen does, pinned before the first move.
///
/// Green on the legacy code,
/// and it must stay green after every step: that is the refactoring's safety net.
@MainActor
@Suite("Safety net — the legacy screen's behaviour, pinned")
struct SafetyNet {
    @Test("every scenario shows, routes and opens what the legacy screen did, line by line [0.1]")
    func matchesTheGoldenMaster() {
        let actual = transcript(of: goldenScenarios, makeScreen: standardScreen)
        if ProcessInfo.processInfo.environment["KATA_GOLDEN_PRINT"] == "1" {
            print(actual.joined(separator: "\n"))
        }
        let expected = goldenMaster.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let differences = GoldenDifference.between(expected: expected, actual: actual)
        for difference in differences.prefix(5) {
            Issue.record(Comment(rawValue: difference.description))
        }
        if differences.count > 5 {
            Issue.record("…and \(differences.count - 5) more lines differ from the golden master.")
        }
    }

    @Test(
        "over random camera sessions, imports and taps, the screen does what the legacy did after every action [0.2]"
    )
    nonisolated func model() async {
        let check = ModelCheck<ScreenAction>(rule: "0.2", sequences: 150, length: 1...10) { random in
            randomAction(&random)
        }
        let failure = await check.run { actions in
            await MainActor.run {
                firstDifference(from: LegacyScreenModel(), on: standardScreen(), after: actions)
            }
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}

/// Where `screen` and `model` first disagree, doing `actions` to both, or `nil`.
@MainActor
func firstDifference(from model: LegacyScreenModel, on screen: ScanScreen, after actions: [ScreenAction])
    -> Discrepancy?
{
    var model = model
    for (index, action) in actions.enumerated() {
        action.apply(to: screen)
        model.apply(action)
        if let difference = model.difference(from: screen) {
            return Discrepancy(after: index, difference)
        }
    }
    return nil
}

/// One line of the screen's transcript that is not the golden master's.
struct GoldenDifference: CustomStringConvertible {
    let line: Int
    let expected: String?
    let actual: String?

    /// The lines that differ, in order; a line missing on either side counts.
    static func between(expected: [String], actual: [String]) -> [GoldenDifference] {
        (0..<max(expected.count, actual.count)).compactMap { index in
            let wanted = expected.indices.contains(index) ? expected[index] : nil
            let got = actual.indices.contains(index) ? actual[index] : nil
            return wanted == got ? nil : GoldenDifference(line: index + 1, expected: wanted, actual: got)
        }
    }

    var description: String {
        "Golden master, line \(line): the legacy screen gave\n    \(expected ?? "(no line)")\n"
            + "  and this screen gives\n    \(actual ?? "(no line)")\n"
            + "  Read the scenario above that line in Tests/ScanCapstoneTests/GoldenMaster.swift: "
            + "the refactoring changed that behaviour."
    }
}
