import KataTestSupport
import ScanCapstone
import ScanKit
import Testing

/// The scan screen as its legacy public API shows it: what your net tests.
///
/// `ScanScreen` has these members already; so does each program your net is graded against.
@MainActor
public protocol ScreenUnderTest: AnyObject {
    /// What the screen shows now.
    var display: ScanDisplay { get }
    /// Where each new code was sent, oldest first.
    var routed: [ScanRoute] { get }
    /// Every code the person opened, oldest first.
    var opened: [ScannedCode] { get }
    /// The camera ran one session and delivered `frames`, in order.
    func scanWithCamera(_ frames: [Frame])
    /// The person picked `photo` from the album, or nothing.
    func importPhoto(_ photo: Frame?)
    /// The person tapped the code at `index` of what the screen shows.
    func tap(_ index: Int)
}

extension ScanScreen: ScreenUnderTest {}

/// A new screen, as the app makes one at start-up: the seam your net makes every screen through.
///
/// Inside a suite marked `.plantedChanges`, each test runs once on your screen, once on the
/// legacy screen and once on each planted change, and this returns that run's screen. Call it
/// once per screen you need: two calls in one test are two screens of one app.
@MainActor
public func makeScreen() -> any ScreenUnderTest {
    (ScanNetRun.current ?? .outsideTheNet()).makeScreen()
}

extension Trait where Self == PlantedChanges {
    /// Runs each test of the suite on your screen, the legacy screen and every planted change,
    /// then says which planted changes no test caught.
    public static var plantedChanges: PlantedChanges {
        PlantedChanges(programs: ScanNetRun.programs) { program, body in
            await ScanNetRun.$current.withValue(ScanNetRun(program: program)) { await body() }
        }
    }
}

/// One run of one test on one program: what `makeScreen()` makes during it.
final class ScanNetRun: Sendable {
    /// The run in progress, set by the `.plantedChanges` trait.
    @TaskLocal static var current: ScanNetRun?

    /// Your screen: the program the run makes with your `ScanScreen`.
    static let yours = NetProgram.correct("your screen")

    /// Your screen, the legacy one, and every planted change, in that order.
    static let programs: [NetProgram] =
        [yours, .correct("the legacy screen")] + PlantedChange.allCases.map { .planted($0.description) }

    /// A run on your screen alone, for a test outside the net's suite: it says so, as an issue.
    static func outsideTheNet() -> ScanNetRun {
        Issue.record(
            "makeScreen() was called outside a suite marked .plantedChanges, so this test runs on your screen only and isn't graded. Put it in the suite of Katas/ScanCapstone/Net/ScanNet.swift."
        )
        return ScanNetRun(program: yours)
    }

    let program: NetProgram
    /// What screens of this run share, for the planted change that shares it.
    let shared = SharedHistory()

    init(program: NetProgram) {
        self.program = program
    }

    @MainActor
    func makeScreen() -> any ScreenUnderTest {
        if program == Self.yours {
            return ScanScreen(capabilities: ScanScreen.standardCapabilities())
        }
        let change = PlantedChange.allCases.first { $0.description == program.change }
        return PlantedScreen(change: change, shared: shared)
    }
}
