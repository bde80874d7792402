import ScanKit

/// No code in sight: the viewfinder keeps looking; a tap does nothing.
///
/// What the next scan does, in every standard state: the number of codes in the frame picks
/// the next state (0: *no code*, exactly 1: *single code*, 2 or more: *multi code*).
public struct NoCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// The viewfinder.
    public func display(for codes: [ScannedCode]) -> ScanDisplay { .viewfinder }

    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame) -> ScanTransition? {
        // TODO: Step 6 — a transition by the number of codes (rule 6.3).
        nil
    }

    /// Nothing to tap.
    public func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? { nil }
}

/// One code: its result is on screen, and a tap opens it.
public struct SingleCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// The result for the one code.
    public func display(for codes: [ScannedCode]) -> ScanDisplay {
        // TODO: Step 6 — the result for the one code (rule 6.2).
        .viewfinder
    }

    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame) -> ScanTransition? {
        // TODO: Step 6 — as in NoCodeState (rule 6.3).
        nil
    }

    /// Opens the code, wherever the tap lands: there is only one.
    public func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? {
        // TODO: Step 6 — open the one code (rule 6.4).
        nil
    }
}

/// Several codes in one frame: the person picks one.
public struct MultiCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// A picker over every code of the frame.
    public func display(for codes: [ScannedCode]) -> ScanDisplay {
        // TODO: Step 6 — a picker over the codes (rule 6.2).
        .viewfinder
    }

    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame) -> ScanTransition? {
        // TODO: Step 6 — as in NoCodeState (rule 6.3).
        nil
    }

    /// Opens the code at `index`; a tap beside every code (an index out of range) does nothing.
    public func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? {
        // TODO: Step 6 — open the code at index, if there is one (rule 6.4).
        nil
    }
}
