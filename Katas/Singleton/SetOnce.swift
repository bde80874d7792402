import Synchronization

/// Why a value set once could not be read or set.
public enum SetOnceError: Error, Equatable, Sendable {
    /// Read before anyone set it: launch hasn't configured it yet.
    case notSet
    /// Set again: the first value stays, for the app's life.
    case alreadySet
}

/// A value the app sets once, at launch, and reads from then on.
public final class SetOnce<Value: Sendable>: Sendable {
    /// An empty slot.
    public init() {}

    /// Sets the value, if nobody has.
    ///
    /// - Throws: ``SetOnceError/alreadySet`` when it is set already, even to the same value; the
    ///   first value stays.
    public func set(_ value: Value) throws(SetOnceError) {
        // TODO: Step 3 — keep the first value; refuse every later one (rules 3.2, 3.3).
    }

    /// The value set at launch.
    ///
    /// - Throws: ``SetOnceError/notSet`` before anyone set it.
    public var value: Value {
        get throws(SetOnceError) {
            // TODO: Step 3 — the value set, or notSet (rule 3.1).
            throw .notSet
        }
    }
}
