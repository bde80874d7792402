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
    func switchByCodeCount(_ frame: Frame, in model: ScanViewModel) throws(ScanViewError) {
        // Why a switch is fine here: it turns a count into a state's name, once. Which state
        // answers to that name is the view model's registry's business, so a team that
        // registers its own single-code state gets it here too.
        switch frame.codes.count {
        case 0: try model.switchTo(.noCode)
        case 1: try model.switchTo(.singleCode, codes: frame.codes)
        default: try model.switchTo(.multiCode, codes: frame.codes)
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
    public func display(in model: ScanViewModel) -> ScanDisplay { .viewfinder }
    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame, in model: ScanViewModel) throws(ScanViewError) {
        try switchByCodeCount(frame, in: model)
    }
    /// Nothing to tap.
    public func didTap(_ index: Int, in model: ScanViewModel) {}
}

/// One code: its result is on screen, and a tap opens it.
public struct SingleCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// The result for the one code, or the viewfinder if there is none.
    public func display(in model: ScanViewModel) -> ScanDisplay {
        model.codes.first.map(ScanDisplay.result) ?? .viewfinder
    }
    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame, in model: ScanViewModel) throws(ScanViewError) {
        try switchByCodeCount(frame, in: model)
    }
    /// Opens the code, wherever the tap lands: there is only one.
    public func didTap(_ index: Int, in model: ScanViewModel) {
        if let code = model.codes.first { model.open(code) }
    }
}

/// Several codes in one frame: the person picks one.
public struct MultiCodeState: ScanViewState {
    /// Creates the state.
    public init() {}

    /// A picker over every code of the frame.
    public func display(in model: ScanViewModel) -> ScanDisplay { .picker(model.codes) }
    /// Moves on by the number of codes in `frame`.
    public func didScan(_ frame: Frame, in model: ScanViewModel) throws(ScanViewError) {
        try switchByCodeCount(frame, in: model)
    }
    /// Opens the code at `index`; a tap beside every code (an index out of range) does nothing.
    public func didTap(_ index: Int, in model: ScanViewModel) {
        // Why check: a tap's index comes from the screen, and a stale one must not crash.
        guard model.codes.indices.contains(index) else { return }
        model.open(model.codes[index])
    }
}
