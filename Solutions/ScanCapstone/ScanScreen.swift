import ChainOfResponsibility
import Proxy
import ScanKit
import State

/// The app's scan screen: the camera and the photo album hand it frames; it shows what it found,
/// sends each new code to the feature that takes it, and opens the code the person taps.
///
/// What is left of the legacy controller is this: a screen that *wires* three patterns and
/// decides nothing itself.
/// - Which codes a frame holds: the decoder the app registered (**Proxy**, behind a **service
///   locator**). The screen never names a concrete decoder.
/// - Where a code goes: the units it was given (**Chain of Responsibility**, as **Pipes and
///   Filters**). The screen never looks at a payload.
/// - What the screen shows and what a tap does: the view model's current state (**State**). The
///   screen keeps no flags.
///
/// Every public method and property is the legacy screen's: the safety-net tests pinned them
/// before the first move, and they pass unchanged after the last.
@MainActor
public final class ScanScreen {
    // Why these three and nothing else: each is one of the legacy's smells, replaced by a
    // pattern's role. The flags, the string table and the ladders are gone, not wrapped.
    private let capabilities: CapabilityLocator
    private let units: [any ScanUnit]
    private let view = ScanViewModel()

    /// Where each new code was sent, oldest first.
    public private(set) var routed: [ScanRoute] = []

    /// Creates the screen with the app's capabilities and the units a scan passes through.
    ///
    /// - Parameters:
    ///   - capabilities: The app's registry, filled at start-up (``standardCapabilities(makeDecoder:)``).
    ///   - units: The scan path, in order; ``standardUnits()`` unless the app changes it.
    public init(capabilities: CapabilityLocator, units: [any ScanUnit] = ScanScreen.standardUnits()) {
        // Move 3: the screen keeps the registry, not a decoder. Looking the decoder up when a
        // frame comes (not here) is what lets the app register it later, or swap it.
        self.capabilities = capabilities
        // Move 1: the path is configuration handed in. The legacy's `if seen`, its ladder and
        // its routing `if`s are the four standard units now; a team adds a fifth from outside.
        self.units = units
    }

    /// What the screen shows now: the current state's decision.
    public var display: ScanDisplay { view.display }

    /// Every code the person opened, oldest first.
    public var opened: [ScannedCode] { view.opened }

    /// Holds `state` as the screen's state for `id`, replacing any other.
    public func register(_ state: any ScanViewState, as id: ScanStateID) {
        // Move 2: `isMulti`, `hasResult` and `selectedIndex` became state objects. A state
        // registered here is the screen's own: every screen has its own view model.
        view.register(state, as: id)
    }

    /// The camera ran one session and delivered `frames`, in order.
    ///
    /// Each new session forgets the codes the last one saw.
    public func scanWithCamera(_ frames: [Frame]) {
        runSession(frames)
    }

    /// The person picked `photo` from the album, or nothing: a session of its own.
    public func importPhoto(_ photo: Frame?) {
        runSession(photo.map { [$0] } ?? [])
    }

    /// The person tapped the code at `index` of what the screen shows.
    public func tap(_ index: Int) {
        // Why `try?`: the view model refuses a state's decision that makes no sense and stays as
        // it was, which is all the screen would do with the error. The standard states never
        // make one; a team's state that does is a bug its own tests catch.
        try? view.tap(index)
    }

    /// One session: every frame decoded once, shown, and sent through the units.
    private func runSession(_ frames: [Frame]) {
        // Why decode here and not in a unit: the view needs the decoded frame too, and a frame
        // must be decoded once (decoding is the expensive part). The pipeline gets frames that
        // hold what the decoder found, and its decode unit splits them into codes.
        let decoded = frames.map(decoded)
        for frame in decoded {
            try? view.scan(frame)
        }
        // Why a new pipeline per session: it is a recipe (a value), and its output collects this
        // session's routes. The units are objects, so what they remember lives in them, and
        // `scan()` tells them when a session starts.
        var routes: [ScanRoute] = []
        let pipeline = units.reduce(
            ScanPipeline { item in
                // Only a route is somewhere to go; anything else leaving the last unit (a path
                // without a router) goes nowhere, as it went nowhere in the legacy screen.
                if case .route(let route) = item { routes.append(route) }
            }
        ) { $0.addUnit($1) }
        pipeline.addCreator(DeliveredFrames(frames: decoded)).scan()
        routed += routes
    }

    /// `frame` as the app's decoder reads it: the same frame, holding the codes it found.
    private func decoded(_ frame: Frame) -> Frame {
        // Looked up for each frame: a decoder registered or swapped in the middle of a session
        // (a decoder that hands over to a better one) takes over from the next frame.
        let decoder = capabilities.resolve((any CodeDecoding).self)
        // Why no codes when nothing is registered: the legacy fell back to a decoder it made
        // itself, which hid a start-up that forgot to register one.
        return Frame(number: frame.number, codes: decoder?.decode(frame) ?? [])
    }
}
