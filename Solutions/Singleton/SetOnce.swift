import Synchronization

/// Why a value set once could not be read or set.
public enum SetOnceError: Error, Equatable, Sendable {
    /// Read before anyone set it: launch hasn't configured it yet.
    case notSet
    /// Set again: the first value stays, for the app's life.
    case alreadySet
}

/// A value the app sets once, at launch, and reads from then on.
///
/// Role: the **configured-once slot** a singleton needs when its instance depends on something
/// only launch knows (which pool: real sockets in the app, an in-memory one in UI tests). A
/// `static let` can't wait for launch; a `static var` could be set twice, from two threads. This
/// can be set once, and says so when it is read too early or set again.
public final class SetOnce<Value: Sendable>: Sendable {
    // Why one Mutex around an optional: "is it set?" and "set it" must be one step, or two
    // tasks that both find it empty would both set it.
    private let slot = Mutex<Value?>(nil)

    /// An empty slot.
    public init() {}

    /// Sets the value, if nobody has.
    ///
    /// - Throws: ``SetOnceError/alreadySet`` when it is set already, even to the same value; the
    ///   first value stays.
    public func set(_ value: Value) throws(SetOnceError) {
        try slot.withLock { (slot) throws(SetOnceError) in
            guard slot == nil else { throw .alreadySet }
            slot = value
        }
    }

    /// The value set at launch.
    ///
    /// - Throws: ``SetOnceError/notSet`` before anyone set it. Why not a default: a manager made
    ///   behind the caller's back would talk to the wrong servers, quietly.
    public var value: Value {
        get throws(SetOnceError) {
            guard let value = slot.withLock({ $0 }) else { throw .notSet }
            return value
        }
    }
}
