import ScanKit

/// What one state of the scan screen decides: what the screen shows, what a tap does, and what
/// the next scan does.
///
/// Role: **State**, for the scan screen. The three the screen ships with are `NoCodeState`,
/// `SingleCodeState` and `MultiCodeState`; another team adds a fourth (a paused scanner) by
/// conforming a type of its own and registering it, without touching those three or the view
/// model. A state may be a struct or a class.
///
/// A state decides and returns its decision; the view model applies it. A state is handed the
/// codes on screen, never the view model.
@MainActor
public protocol ScanViewState {
    /// What the screen shows while in this state, with `codes` on screen.
    func display(for codes: [ScannedCode]) -> ScanDisplay
    /// Where a scan of `frame` takes the view model from this state, or `nil` to stay.
    func didScan(_ frame: Frame) -> ScanTransition?
    /// What a tap on the code at `index` of `codes` does in this state, or `nil` for nothing.
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction?
}

/// The scan screen's view model: holds one state per name, hands each scan and tap to the
/// current one, and applies what it decides.
///
/// A state only says "switch to X with these codes"; what X means lives in X. There is no public
/// way to set the state: every move is a state's decision, checked here. No `switch` over the
/// kind of state decides anything in here.
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
        // TODO: Step 6 — register NoCodeState, SingleCodeState and MultiCodeState (rule 6.1).
    }

    /// Holds `state` as the state for `id`, replacing any other.
    public func register(_ state: any ScanViewState, as id: ScanStateID) {
        // TODO: Step 6 — keep one state per id; the last one registered wins (rule 6.5).
    }

    /// The state the view model holds for `id`, or `nil`.
    public func state(for id: ScanStateID) -> (any ScanViewState)? {
        // TODO: Step 6 — the state registered for id (rule 6.5).
        nil
    }

    /// What the screen shows now: the current state's decision.
    public var display: ScanDisplay {
        // TODO: Step 6 — ask the current state, with the codes on screen (rule 6.2).
        .viewfinder
    }

    /// The camera delivered `frame`; the current state decides where it leads.
    ///
    /// - Throws: ``ScanViewError`` when the decision makes no sense (a name nobody registered;
    ///   *no code* with codes, *single code* without exactly one, *multi code* with fewer than
    ///   two); the view model stays as it was.
    public func scan(_ frame: Frame) throws(ScanViewError) {
        // TODO: Step 6 — ask the current state; check its transition, if any, then apply it
        //       (rules 6.3, 6.5–6.7).
    }

    /// The person tapped the code at `index` of ``codes``; the current state decides what it does.
    ///
    /// - Throws: ``ScanViewError`` when the decision makes no sense (as for ``scan(_:)``, or a
    ///   code to open that is not on screen); the view model stays as it was.
    public func tap(_ index: Int) throws(ScanViewError) {
        // TODO: Step 6 — ask the current state; check its decision, then open the code or
        //       apply the transition (rules 6.4–6.8).
    }
}
