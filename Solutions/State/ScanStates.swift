import ScanKit

/// The standard reaction to a scan, shared by the three standard states: how many codes the
/// frame holds decides the next state.
///
/// | codes in the frame | next state |
/// |---|---|
/// | 0 | *no code* |
/// | exactly 1 | *single code* |
/// | 2 or more | *multi code* |
extension ScanViewState {
    func transitionByCodeCount(_ frame: Frame) -> ScanTransition {
        // Why a switch is fine here: it turns a count into a state's name, once. Which state
        // answers to that name is the view model's registry's business, so a team that
        // registers its own single-code state gets it here too.
        switch frame.codes.count {
        case 0: ScanTransition(to: .noCode)
        case 1: ScanTransition(to: .singleCode, codes: frame.codes)
        default: ScanTransition(to: .multiCode, codes: frame.codes)
        }
    }
}

/// No code in sight: the viewfinder keeps looking; a tap does nothing.
///
/// Role: **Concrete state**. Why a struct: it holds no data (the view model holds the codes),
/// so a value says all it needs to.
public struct NoCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// The viewfinder.
    public func display(for codes: [ScannedCode]) -> ScanDisplay { .viewfinder }
    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame) -> ScanTransition? { transitionByCodeCount(frame) }
    /// Nothing to tap.
    public func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? { nil }
}

/// One code: its result is on screen, and a tap opens it.
public struct SingleCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// The result for the one code.
    public func display(for codes: [ScannedCode]) -> ScanDisplay {
        // Why the fallback: the view model never shows this state without exactly one code, but
        // the types don't say so, and a screen must never crash.
        codes.first.map(ScanDisplay.result) ?? .viewfinder
    }
    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame) -> ScanTransition? { transitionByCodeCount(frame) }
    /// Opens the code, wherever the tap lands: there is only one.
    public func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? {
        codes.first.map(ScanAction.open)
    }
}

/// Several codes in one frame: the person picks one.
public struct MultiCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// A picker over every code of the frame.
    public func display(for codes: [ScannedCode]) -> ScanDisplay { .picker(codes) }
    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame) -> ScanTransition? { transitionByCodeCount(frame) }
    /// Opens the code at `index`; a tap beside every code (an index out of range) does nothing.
    public func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? {
        // Why check: a tap's index comes from the screen, and a stale one must not crash.
        codes.indices.contains(index) ? .open(codes[index]) : nil
    }
}
