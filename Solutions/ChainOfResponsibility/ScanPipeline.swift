import ScanKit

/// One unit of the scan pipeline: it receives an item, may work on it, and passes on what it
/// makes.
///
/// The scan write-up calls its pipeline of units a chain of responsibility, but no unit handles
/// an item and stops the others: every unit gets every item that reaches it, and may transform
/// it or drop it. That is **Pipes and Filters**, and its roles are:
/// - **Filter**: this protocol, the write-up's pipeline unit. A unit knows nothing of the units
///   before or after it; it only gets an item and a way to pass things on.
/// - **Concrete filters**: `DecodeUnit`, `DuplicateFilter`, `ClassifyUnit`, `RouteUnit`, and
///   any unit another team writes.
/// - **Pipe**: ``ScanPipeline`` handing what one unit passes on to the next unit, and what
///   leaves the last one to the output.
/// - **Source**: `ScanCreator`, the write-up's creator (the camera, the photo album).
/// - **Sink**: the pipeline's output.
///
/// Why `AnyObject`: a unit may remember things (the duplicate filter remembers the codes it has
/// seen) and the pipeline holds it for the whole session, so it must be one shared object, not
/// a copy that forgets.
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
/// Role: it assembles the **sources**, **filters** and **sink**, and is the **pipe** between
/// them (the write-up's manager). It owns the order of the units: change the order of the
/// `addUnit` calls and the same units give another result.
///
/// Why a struct whose `add` methods return a new pipeline: the pipeline is a recipe (which
/// creators, which units, in which order), not a thing with an identity of its own. As a value,
/// a pipeline finished in two ways from one base (the camera's, the album's) can't change the
/// base or each other. The units it holds are objects, so copies share them, as they share the
/// output: that is the session state the units are for.
///
/// Why the output is a parameter of `init`: every pipeline needs one, so it is not a setting.
///
/// Why neither `Sendable` nor an actor: one scanner owns its pipeline and runs it on one
/// isolation domain (the camera's queue, or the main actor). Without `Sendable` the compiler
/// stops anyone from sharing it, or its units, between tasks, so the units' plain `var`s need no
/// lock, and the units and the output can be simple synchronous calls.
public struct ScanPipeline {
    private var creators: [any ScanCreator] = []
    private var units: [any ScanUnit] = []
    private let output: (ScanItem) -> Void

    /// Creates an empty pipeline whose results go to `output`.
    public init(output: @escaping (ScanItem) -> Void) {
        self.output = output
    }

    /// A pipeline with `creator` after the creators already added; this one doesn't change.
    public func addCreator(_ creator: any ScanCreator) -> ScanPipeline {
        var copy = self
        copy.creators.append(creator)
        return copy
    }

    /// A pipeline with `unit` after the units already added; this one doesn't change.
    public func addUnit(_ unit: any ScanUnit) -> ScanPipeline {
        var copy = self
        copy.units.append(unit)
        return copy
    }

    /// Runs one scanning session.
    ///
    /// Tells every unit that a session starts, then asks each creator, in the order added, for
    /// its items, and sends each item through the units. An item travels the whole pipeline, and
    /// what leaves the last unit reaches the output, before the next item starts. With no units,
    /// every item goes straight to the output.
    public func scan() {
        for unit in units { unit.sessionDidStart() }
        for creator in creators {
            for item in creator.produce() {
                send(item, toUnitAt: 0)
            }
        }
    }

    // Why recursion through `pass` and not a loop over the units: a unit may pass on zero, one
    // or many items, and each of those must go through the rest of the chain before the unit's
    // next one (depth first). The unit never sees the next unit: the pipeline is the pipe between
    // them, so the order is configuration.
    private func send(_ item: ScanItem, toUnitAt index: Int) {
        guard units.indices.contains(index) else {
            output(item)
            return
        }
        units[index].receive(item) { next in
            send(next, toUnitAt: index + 1)
        }
    }
}
