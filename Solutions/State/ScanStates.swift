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
    func switchByCodeCount(_ frame: Frame, in view: ScanView) throws(ScanViewError) {
        // Why a switch is fine here: it turns a count into a state's name, once. What each state
        // then does is that state's business, not this function's.
        switch frame.codes.count {
        case 0: try view.switchTo(.noCode)
        case 1: try view.switchTo(.singleCode, codes: frame.codes)
        default: try view.switchTo(.multiCode, codes: frame.codes)
        }
    }
}

/// No code in sight: the viewfinder keeps looking; a tap does nothing.
///
/// Role: **Concrete state**. Why a class: the view holds one object per state and hands out
/// the same one every time (`===`), which only a reference type can promise.
public final class NoCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// The viewfinder.
    public func display(in view: ScanView) -> ScanDisplay { .viewfinder }
    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame, in view: ScanView) throws(ScanViewError) {
        try switchByCodeCount(frame, in: view)
    }
    /// Nothing to tap.
    public func didTap(_ index: Int, in view: ScanView) {}
}

/// One code: its result is on screen, and a tap opens it.
public final class SingleCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// The result for the one code, or the viewfinder if there is none.
    public func display(in view: ScanView) -> ScanDisplay {
        view.codes.first.map(ScanDisplay.result) ?? .viewfinder
    }
    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame, in view: ScanView) throws(ScanViewError) {
        try switchByCodeCount(frame, in: view)
    }
    /// Opens the code, wherever the tap lands: there is only one.
    public func didTap(_ index: Int, in view: ScanView) {
        if let code = view.codes.first { view.open(code) }
    }
}

/// Several codes in one frame: the person picks one.
public final class MultiCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// A picker over every code of the frame.
    public func display(in view: ScanView) -> ScanDisplay { .picker(view.codes) }
    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame, in view: ScanView) throws(ScanViewError) {
        try switchByCodeCount(frame, in: view)
    }
    /// Opens the code at `index`; a tap beside every code (an index out of range) does nothing.
    public func didTap(_ index: Int, in view: ScanView) {
        // Why check: a tap's index comes from the screen, and a stale one must not crash.
        guard view.codes.indices.contains(index) else { return }
        view.open(view.codes[index])
    }
}
