import ScanKit

/// What one state of the scan screen decides: what the screen shows, what a tap does, and what
/// the next scan does.
///
/// Role: **State**, for the scan screen. The three the screen ships with are `NoCodeState`,
/// `SingleCodeState` and `MultiCodeState`; another team adds a fourth (a paused scanner) by
/// conforming a type of its own and registering it, without touching those three or the view
/// model.
///
/// - Note: Why no `AnyObject`: a state needs no identity. The view model keeps whatever value it
///   was given, so a state may be a struct, and the standard three are.
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

/// The scan screen's view model: holds one object per state, and hands each scan and tap to the
/// current one.
///
/// Role: **Context**. It keeps a state per ``ScanStateID``. Business steps only say "switch to
/// X" with ``switchTo(_:codes:)``; what X means lives in X.
///
/// - Note: Why `@MainActor`: it is what the screen reads. Main-actor isolation makes its data
///   safe without locks, and the states, also main-actor, can call back into it freely.
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

    /// Switches to the state registered as `id`, with the codes it is about.
    ///
    /// - Throws: ``ScanViewError/unregisteredState(_:)`` when no state is registered as `id`;
    ///   the view model stays as it was.
    public func switchTo(_ id: ScanStateID, codes: [ScannedCode] = []) throws(ScanViewError) {
        guard states[id] != nil else { throw .unregisteredState(id) }
        currentID = id
        self.codes = codes
    }

    /// What the screen shows now: the current state's decision.
    public var display: ScanDisplay { current?.display(in: self) ?? .viewfinder }

    /// The camera delivered `frame`; the current state decides what that means.
    ///
    /// - Throws: ``ScanViewError`` when the state switches to one the view model doesn't hold.
    public func scan(_ frame: Frame) throws(ScanViewError) {
        try current?.didScan(frame, in: self)
    }

    /// The person tapped the code at `index` of ``codes``; the current state decides.
    public func tap(_ index: Int) {
        current?.didTap(index, in: self)
    }

    /// Opens `code`: shows its page.
    ///
    /// States call it.
    public func open(_ code: ScannedCode) {
        opened.append(code)
    }

    // Why optional: `switchTo` only accepts registered states, so this is never nil in
    // practice; the `?` keeps that promise without a force unwrap.
    private var current: (any ScanViewState)? { states[currentID] }
}
