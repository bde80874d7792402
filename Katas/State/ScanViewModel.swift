import ScanKit

/// What one state of the scan screen decides: what the screen shows, what a tap does, and what
/// the next scan does.
///
/// Role: **State**, for the scan screen. The three the screen ships with are `NoCodeState`,
/// `SingleCodeState` and `MultiCodeState`; another team adds a fourth (a paused scanner) by
/// conforming a type of its own and registering it, without touching those three or the view
/// model. A state may be a struct or a class.
@MainActor
public protocol ScanViewState {
    /// What the screen shows while in this state.
    func display(in model: ScanViewModel) -> ScanDisplay
    /// What a scan of `frame` does while in this state.
    ///
    /// - Throws: ``ScanViewError`` when it switches to a state the view model doesn't hold.
    func didScan(_ frame: Frame, in model: ScanViewModel) throws(ScanViewError)
    /// What a tap on the code at `index` of ``ScanViewModel/codes`` does while in this state.
    func didTap(_ index: Int, in model: ScanViewModel)
}

/// The scan screen's view model: holds one state per name, and hands each scan and tap to the
/// current one.
///
/// Business steps only say "switch to X" with ``switchTo(_:codes:)``; what X means lives in X.
/// No `switch` over the kind of state in here.
///
/// It runs on the main actor, like the screen that reads it.
@MainActor
public final class ScanViewModel {
    /// The codes of the scan that put the view model in its current state; empty in *no code*.
    public private(set) var codes: [ScannedCode] = []
    /// Every code the person opened, oldest first.
    public private(set) var opened: [ScannedCode] = []
    /// The state the view model is in.
    public private(set) var currentID = ScanStateID.noCode

    /// Creates a view model in the *no code* state, holding the three standard states.
    public init() {
        // TODO: Step 5 — register NoCodeState, SingleCodeState and MultiCodeState.
    }

    /// Holds `state` as the state for `id`, replacing any other.
    public func register(_ state: any ScanViewState, as id: ScanStateID) {
        // TODO: Step 5 — keep one state per id.
    }

    /// The state the view model holds for `id`, or `nil`.
    public func state(for id: ScanStateID) -> (any ScanViewState)? {
        // TODO: Step 5 — the state registered for id.
        nil
    }

    /// Switches to the state registered as `id`, with the codes it is about.
    ///
    /// - Throws: ``ScanViewError/unregisteredState(_:)`` when no state is registered as `id`;
    ///   the view model stays as it was.
    public func switchTo(_ id: ScanStateID, codes: [ScannedCode] = []) throws(ScanViewError) {
        // TODO: Step 5 — switch, if a state is registered as id.
        throw .unregisteredState(id)
    }

    /// What the screen shows now: the current state's decision.
    public var display: ScanDisplay {
        // TODO: Step 5 — ask the current state.
        .viewfinder
    }

    /// The camera delivered `frame`; the current state decides what that means.
    ///
    /// - Throws: ``ScanViewError`` when the state switches to one the view model doesn't hold.
    public func scan(_ frame: Frame) throws(ScanViewError) {
        // TODO: Step 5 — hand it to the current state.
    }

    /// The person tapped the code at `index` of ``codes``; the current state decides.
    public func tap(_ index: Int) {
        // TODO: Step 5 — hand it to the current state.
    }

    /// Opens `code`: shows its page.
    ///
    /// States call it.
    public func open(_ code: ScannedCode) {
        // TODO: Step 5 — remember it in opened.
    }
}
