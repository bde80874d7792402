import Synchronization

/// Collects what a transport or a connection reports, from any thread, for assertions.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    var all: [Value] { values.withLock { $0 } }
    func record(_ value: Value) { values.withLock { $0.append(value) } }
}
