import Foundation
import KataTestSupport
import Proxy
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
        let check = ModelCheck<ScreenAction>(sequences: 150, length: 1...10) { random in
            randomAction(&random)
        }
        let failure = await check.run { actions in
            await MainActor.run {
                firstDifference(from: LegacyScreenModel(), on: standardScreen(), after: actions)
            }
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test(
        "two screens of one start-up, one registry, actions interleaved: each does what its own legacy screen did [0.2]"
    )
    nonisolated func twoScreensOneRegistry() async {
        let check = ModelCheck<OnScreen>(sequences: 100, length: 1...10) { random in
            OnScreen(screen: Int.random(in: 0...1, using: &random), action: randomAction(&random))
        }
        let failure = await check.run { steps in
            await MainActor.run {
                let capabilities = ScanScreen.standardCapabilities()
                let screens = [
                    ScanScreen(capabilities: capabilities), ScanScreen(capabilities: capabilities),
                ]
                var models = [LegacyScreenModel(), LegacyScreenModel()]
                for (index, step) in steps.enumerated() {
                    step.action.apply(to: screens[step.screen])
                    models[step.screen].apply(step.action)
                    for other in 0..<2 {
                        if let difference = models[other].difference(from: screens[other]) {
                            return Discrepancy(after: index, "screen \(other + 1) of 2: " + difference)
                        }
                    }
                }
                return nil
            }
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test("a screen let go after sessions and taps is freed, while the registry it was given lives on [0.2]")
    func screenIsFreed() throws {
        let capabilities = ScanScreen.standardCapabilities()
        weak var released: ScanScreen?
        do {
            let screen = ScanScreen(capabilities: capabilities)
            released = screen
            screen.scanWithCamera([frame(1, [Codes.link, Codes.text]), frame(2, [Codes.product13])])
            screen.tap(0)
            screen.importPhoto(frame(3, [Codes.payment]))
            screen.tap(0)
            withExtendedLifetime(screen) {}
        }
        #expect(
            released == nil, "Nothing the screen made or was given keeps it alive once the app lets it go")
        withExtendedLifetime(capabilities) {}
    }
}

/// Where `screen` and `model` first disagree, doing `actions` to both, or `nil`.
///
/// `modelSees` is what the legacy screen would have seen of an action with the screen's
/// configuration (a decoder of the app's own, say).
@MainActor
func firstDifference(
    from model: LegacyScreenModel, on screen: ScanScreen, after actions: [ScreenAction],
    modelSees: (ScreenAction) -> ScreenAction = { $0 }
) -> Discrepancy? {
    var model = model
    for (index, action) in actions.enumerated() {
        action.apply(to: screen)
        model.apply(modelSees(action))
        if let difference = model.difference(from: screen) {
            return Discrepancy(after: index, difference)
        }
    }
    return nil
}

/// A line the screen's transcript and the golden master don't share: changed, missing or extra.
struct GoldenDifference: CustomStringConvertible {
    /// The golden master's line number: the line changed or missing, or the one an extra line follows.
    let line: Int
    /// The scenario the line belongs to.
    let scenario: String
    /// The golden master's line, or `nil` for an extra line.
    let expected: String?
    /// The screen's line, or `nil` for a missing one.
    let actual: String?

    /// The differences, in order, from a line-by-line alignment (a longest common subsequence),
    /// so one extra or missing line is reported once, not as every line after it.
    static func between(expected: [String], actual: [String]) -> [GoldenDifference] {
        let n = expected.count
        let m = actual.count
        // common[i][j]: the longest common subsequence of expected[i...] and actual[j...].
        var common = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] =
                    expected[i] == actual[j]
                    ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var differences: [GoldenDifference] = []
        var (i, j) = (0, 0)
        func scenario(at index: Int) -> String {
            expected[..<min(index + 1, n)].last { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) } ?? "?"
        }
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                (i, j) = (i + 1, j + 1)
            } else if i < n, j < m, common[i + 1][j + 1] == common[i][j] {
                differences.append(
                    .init(line: i + 1, scenario: scenario(at: i), expected: expected[i], actual: actual[j]))
                (i, j) = (i + 1, j + 1)
            } else if j < m, i == n || common[i][j + 1] >= common[i + 1][j] {
                differences.append(
                    .init(line: i, scenario: scenario(at: max(i - 1, 0)), expected: nil, actual: actual[j]))
                j += 1
            } else {
                differences.append(
                    .init(line: i + 1, scenario: scenario(at: i), expected: expected[i], actual: nil))
                i += 1
            }
        }
        return differences
    }

    var description: String {
        let what =
            switch (expected, actual) {
            case (let expected?, let actual?):
                "line \(line) changed. The legacy screen gave\n    \(expected)\nand this screen gives\n    \(actual)"
            case (let expected?, nil):
                "line \(line) is missing. The legacy screen gave\n    \(expected)\nand this screen gives nothing there"
            case (nil, let actual?):
                "after line \(line), this screen gives a line the legacy screen didn't:\n    \(actual)"
            case (nil, nil): "no difference"
            }
        return "Golden master, scenario \"\(scenario)\": \(what)\n"
            + "Its actions are in GoldenMasterScenarios.swift, its lines in GoldenMaster.swift: "
            + "this screen changed that behaviour."
    }
}

/// One action, on the first screen (0) or the second (1).
struct OnScreen: Sendable, CustomStringConvertible {
    let screen: Int
    let action: ScreenAction

    var description: String { "screen \(screen + 1): \(action)" }
}
