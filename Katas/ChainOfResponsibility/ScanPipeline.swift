import ScanKit

/// One unit of the scan pipeline (a filter): it receives an item, may work on it, and passes on
/// what it makes.
///
/// A unit knows nothing of the units before or after it. It is a class (`AnyObject`) because a
/// unit may remember things for the whole session, like the codes it has already seen.
public protocol ScanUnit: AnyObject {
    /// Forgets whatever the unit remembered from the last scanning session.
    ///
    /// The pipeline calls it on every unit when a session starts. Most units remember nothing,
    /// so by default it does nothing.
    func sessionDidStart()

    /// Works on `item`, and hands what it makes to `pass`.
    ///
    /// A unit may call `pass` once, several times (one frame makes several codes) or never:
    /// never stops the flow, and no later unit sees anything of `item`. An item the unit doesn't
    /// work on goes to `pass` unchanged.
    func receive(_ item: ScanItem, pass: (ScanItem) -> Void)
}

extension ScanUnit {
    /// Does nothing: a unit that remembers nothing has nothing to forget.
    public func sessionDidStart() {}
}

/// Wires creators and units into one pipeline, and sends everything that leaves the last unit
/// to one output.
///
/// A pipeline is a value: `addCreator` and `addUnit` return a new pipeline and never change the
/// one they were called on. The order of the `addUnit` calls is the order of the units.
public struct ScanPipeline {
    private let output: (ScanItem) -> Void

    /// Creates an empty pipeline whose results go to `output`.
    public init(output: @escaping (ScanItem) -> Void) {
        self.output = output
    }

    /// A pipeline with `creator` after the creators already added; this one doesn't change.
    public func addCreator(_ creator: any ScanCreator) -> ScanPipeline {
        // TODO: Step 1 — a copy that also has the creator; don't ask it for items yet (rules 1.1, 1.2, 1.8).
        self
    }

    /// A pipeline with `unit` after the units already added; this one doesn't change.
    public func addUnit(_ unit: any ScanUnit) -> ScanPipeline {
        // TODO: Step 1 — a copy that also has the unit, after the others (rules 1.1, 1.2).
        self
    }

    /// Runs one scanning session.
    ///
    /// Tells every unit that a session starts, then asks each creator, in the order added, for
    /// its items, and sends each item through the units. An item travels the whole pipeline, and
    /// what leaves the last unit reaches the output, before the next item starts. With no units,
    /// every item goes straight to the output.
    public func scan() {
        // TODO: Step 1 — start the session on every unit, then ask each creator for its items now
        //       and send each through the units in order, depth first, and what leaves the last
        //       one to `output` (rules 1.3–1.8).
    }
}
