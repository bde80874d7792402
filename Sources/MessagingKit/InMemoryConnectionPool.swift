import Foundation

/// A ``ConnectionPooling`` for tests and previews: every handle is on a new
/// ``RecordingConnection``, which connects at once when the handle asks. It shares nothing.
///
/// It lets a kata that needs *a* pool run without the Flyweight kata's answer (the pool that
/// shares one connection per URL). It remembers every URL it was asked for, in order, and knows
/// how many of its handles are still open and held by someone, without keeping any alive.
///
/// - Note: An actor, because any task may ask it for handles at the same moment.
public actor InMemoryConnectionPool: ConnectionPooling {
    /// A handle on one ``RecordingConnection`` of its own; closing it releases the connection,
    /// which nobody else shares.
    public typealias Handle = SoleConnectionHandle<RecordingConnection>

    /// A handle the pool knows about without keeping it alive.
    private struct WeakHandle {
        weak var handle: Handle?
    }

    private var handles: [WeakHandle] = []

    /// Every URL a handle was asked for, oldest first.
    public private(set) var requests: [URL] = []

    /// Creates an empty pool.
    public init() {}

    /// How many handles this pool made that are still open and held by someone.
    public var openHandles: Int {
        handles.count { $0.handle?.isOpen ?? false }
    }

    /// Records the request and opens a handle on a new ``RecordingConnection``; the handle's
    /// ``ConnectionHandling/connect()`` connects it.
    ///
    /// - Throws: ``ConnectionFactoryError/missingHost(_:)`` when `url` has no host; nothing is
    ///   recorded then.
    public func makeHandle(for url: URL) throws(ConnectionFactoryError) -> Handle {
        guard let host = url.host, !host.isEmpty else { throw .missingHost(url) }
        requests.append(url)
        let connection = RecordingConnection(url: url)
        let handle = Handle(connection: connection, as: connection) { $0.release() }
        handles.append(WeakHandle(handle: handle))
        return handle
    }
}
