import ScanKit

/// What one state of the scan screen decides: what the screen shows, what a tap does, and what
/// the next scan does.
///
/// Role: **State**, for the scan screen. The three the screen ships with are `NoCodeState`,
/// `SingleCodeState` and `MultiCodeState`; another team adds a fourth (a paused scanner) by
/// conforming a type of its own and registering it, without touching those three or the view
/// model.
///
/// A state decides and returns its decision; the view model applies it. A state is handed the
/// codes on screen, never the view model, so it can't set the view model's state behind its back.
///
/// - Note: Why no `AnyObject`: a state needs no identity. The view model keeps whatever value it
///   was given, so a state may be a struct, and the standard three are.
@MainActor
public protocol ScanViewState {
    /// What the screen shows while in this state, with `codes` on screen.
    func display(for codes: [ScannedCode]) -> ScanDisplay
    /// Where a scan of `frame` takes the view model from this state, or `nil` to stay.
    func didScan(_ frame: Frame) -> ScanTransition?
    /// What a tap on the code at `index` of `codes` does in this state, or `nil` for nothing.
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction?
}

/// The scan screen's view model: holds one object per state, hands each scan and tap to the
/// current one, and applies what it decides.
///
/// Role: **Context**. It keeps a state per ``ScanStateID``. A state only says "switch to X with
/// these codes"; what X means lives in X. There is no public way to set the state: every move is
/// a state's decision, checked here.
///
/// - Note: Why `@MainActor`: it is what the screen reads. Main-actor isolation makes its data
///   safe without locks.
@MainActor
public final class ScanViewModel {
    /// The codes of the scan that put the view model in its current state; empty in *no code*.
    public private(set) var codes: [ScannedCode] = []
    /// Every code the person opened, oldest first.
    public private(set) var opened: [ScannedCode] = []
    /// The state the view model is in.
    public private(set) var currentID = ScanStateID.noCode

    // Why a dictionary keyed by name: switching is a lookup, never a `switch`, and a state added
    // later is one more entry.
    private var states: [ScanStateID: any ScanViewState] = [:]

    /// Creates a view model in the *no code* state, holding the three standard states.
    public init() {
        register(NoCodeState(), as: .noCode)
        register(SingleCodeState(), as: .singleCode)
        register(MultiCodeState(), as: .multiCode)
    }

    /// Holds `state` as the state for `id`, replacing any other.
    public func register(_ state: any ScanViewState, as id: ScanStateID) {
        states[id] = state
    }

    /// The state the view model holds for `id`, or `nil`.
    public func state(for id: ScanStateID) -> (any ScanViewState)? {
        states[id]
    }

    /// What the screen shows now: the current state's decision.
    public var display: ScanDisplay { current?.display(for: codes) ?? .viewfinder }

    /// The camera delivered `frame`; the current state decides where it leads.
    ///
    /// - Throws: ``ScanViewError`` when the decision makes no sense; the view model stays as it
    ///   was.
    public func scan(_ frame: Frame) throws(ScanViewError) {
        guard let transition = current?.didScan(frame) else { return }
        try apply(transition)
    }

    /// The person tapped the code at `index` of ``codes``; the current state decides what it does.
    ///
    /// - Throws: ``ScanViewError`` when the decision makes no sense; the view model stays as it
    ///   was.
    public func tap(_ index: Int) throws(ScanViewError) {
        // Why a switch is fine here: it is on the kind of *decision*, a closed set of two. Which
        // decision a tap makes is the current state's business.
        switch current?.didTap(index, on: codes) {
        case .open(let code):
            guard codes.contains(code) else { throw .codeNotOnScreen(code) }
            opened.append(code)
        case .transition(let transition):
            try apply(transition)
        case nil:
            break
        }
    }

    /// Switches to the state a decision names, with its codes, once the decision makes sense.
    ///
    /// Why private: a public way to set the state (the write-up's `setType:`) would let any
    /// caller skip the current state's decision and show a picker with no codes. Only the
    /// states' decisions move the view model.
    private func apply(_ transition: ScanTransition) throws(ScanViewError) {
        guard states[transition.next] != nil else { throw .unregisteredState(transition.next) }
        // Why the context checks the count, whoever decided: it is what the screen promises,
        // whichever state is registered under the name, a team's own included.
        guard Self.fits(transition) else {
            throw .wrongCodeCount(transition.next, count: transition.codes.count)
        }
        currentID = transition.next
        codes = transition.codes
    }

    /// Whether the three standard names get the codes they are about; any other name takes any.
    private static func fits(_ transition: ScanTransition) -> Bool {
        let count = transition.codes.count
        return switch transition.next {
        case .noCode: count == 0
        case .singleCode: count == 1
        case .multiCode: count >= 2
        default: true
        }
    }

    // Why optional: only registered names are applied, so this is never nil in practice; the `?`
    // keeps that promise without a force unwrap.
    private var current: (any ScanViewState)? { states[currentID] }
}
