import Synchronization

/// Collects values from any thread, in the order they came: what a test's callbacks heard.
///
/// Pass ``record(_:)`` where a callback is expected (`connection.onEvent(heard.record)`), then
/// read ``all``.
public final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    /// An empty recorder.
    public init() {}

    /// Every value recorded, oldest first.
    public var all: [Value] { values.withLock { $0 } }

    /// Records `value`.
    public func record(_ value: Value) { values.withLock { $0.append(value) } }

    /// Forgets every value recorded so far.
    public func removeAll() { values.withLock { $0.removeAll() } }
}
