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
    /// A handle on one ``RecordingConnection`` of its own.
    public final class Handle: ConnectionHandling {
        /// The connection this handle is on; a test can play its server.
        public let connection: RecordingConnection
        private let subscriptions = TokenBag()

        init(connection: RecordingConnection) {
            self.connection = connection
        }

        /// The connection's id.
        public var connectionID: UUID { connection.id }
        /// The connection's URL.
        public var url: URL { connection.url }
        /// Open until ``close()``.
        public var isOpen: Bool { !subscriptions.isCancelled }
        /// The connection's status.
        public var status: TransportStatus { connection.status }
        /// The connection's lifecycle: `nil`, a recording connection has none.
        public var lifecycle: ConnectionState? { connection.lifecycle }

        /// Connects the connection, which connects at once.
        ///
        /// - Throws: ``HandleError/closed(_:)`` once closed.
        public func connect() throws {
            guard isOpen else { throw HandleError.closed(url) }
            connection.connect()
        }

        /// Sends through the connection while the handle is open.
        ///
        /// - Throws: ``HandleError/closed(_:)`` once closed; otherwise what the connection
        ///   throws, unchanged.
        public func send(_ event: Event) throws {
            guard isOpen else { throw HandleError.closed(url) }
            try connection.send(event)
        }

        /// Sends through the connection while the handle is open, with its ticket.
        ///
        /// - Throws: what ``send(_:)`` throws.
        @discardableResult
        public func submit(_ event: Event) throws -> CommandTicket {
            guard isOpen else { throw HandleError.closed(url) }
            return try connection.submit(event)
        }

        /// Calls `action` with every event named `name` the connection receives while the
        /// handle is open.
        @discardableResult
        public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
            -> ObservationToken
        {
            subscriptions.keep(connection.onEvent { if $0.name == name { action($0) } })
        }

        /// Calls `handler` with every status of the connection while the handle is open.
        @discardableResult
        public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void)
            -> ObservationToken
        {
            subscriptions.keep(connection.onStatusChange(handler))
        }

        /// Closes the handle and releases its connection, which nobody else shares.
        public func close() {
            guard isOpen else { return }
            subscriptions.cancelAll()
            connection.release()
        }
    }

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
        let handle = Handle(connection: connection)
        handles.append(WeakHandle(handle: handle))
        return handle
    }
}
