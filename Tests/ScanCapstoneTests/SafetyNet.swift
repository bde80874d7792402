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

    @Test(
        "two screens of one start-up, one registry, actions interleaved: each does what its own legacy screen did [0.2]"
    )
    nonisolated func twoScreensOneRegistry() async {
        let check = ModelCheck<OnScreen>(rule: "0.2", sequences: 100, length: 1...10) { random in
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

/// One action, on the first screen (0) or the second (1).
struct OnScreen: Sendable, CustomStringConvertible {
    let screen: Int
    let action: ScreenAction

    var description: String { "screen \(screen + 1): \(action)" }
}
