import Foundation

/// A handle on a connection nobody else shares: what a pool that shares nothing hands out.
///
/// ``InMemoryConnectionPool`` and ``UnsharedConnectionPool`` both hand these out; the Flyweight
/// kata's `ConnectionHandle` is the one that shares. What closing does to the connection is
/// the pool's call: it gives the handle `whenClosed`.
public final class SoleConnectionHandle<Wrapped: Sendable>: ConnectionHandling {
    /// The connection this handle is on; a test can play its server.
    public let connection: Wrapped
    // The same connection, as a `Connection`: `Wrapped` is a concrete type for a pool that
    // knows it (a test plays its server), or `any Connection`, which isn't a `Connection` type.
    private let base: any Connection
    private let subscriptions = TokenBag()
    private let closed = Locked(false)
    private let whenClosed: @Sendable (Wrapped) -> Void

    init(connection: Wrapped, as base: any Connection, whenClosed: @escaping @Sendable (Wrapped) -> Void) {
        self.connection = connection
        self.base = base
        self.whenClosed = whenClosed
    }

    /// The connection's id.
    public var connectionID: UUID { base.id }
    /// The connection's URL.
    public var url: URL { base.url }
    /// Open until ``close()``.
    public var isOpen: Bool { !closed.withLock { $0 } }
    /// The connection's status.
    public var status: TransportStatus { base.status }
    /// The connection's lifecycle, if it has one.
    public var lifecycle: ConnectionState? { base.lifecycle }

    /// Connects the connection.
    ///
    /// - Throws: ``HandleError/closed(_:)`` once closed; otherwise what the connection throws,
    ///   unchanged.
    public func connect() throws {
        guard isOpen else { throw HandleError.closed(url) }
        try base.connect()
    }

    /// Sends through the connection while the handle is open.
    ///
    /// - Throws: ``HandleError/closed(_:)`` once closed; otherwise what the connection
    ///   throws, unchanged.
    public func send(_ event: Event) throws {
        guard isOpen else { throw HandleError.closed(url) }
        try base.send(event)
    }

    /// Sends through the connection while the handle is open, with the connection's ticket.
    ///
    /// - Throws: what ``send(_:)`` throws.
    @discardableResult
    public func submit(_ event: Event) throws -> CommandTicket {
        guard isOpen else { throw HandleError.closed(url) }
        return try base.submit(event)
    }

    /// Calls `action` with every event named `name` the connection receives while the
    /// handle is open.
    @discardableResult
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
        -> ObservationToken
    {
        subscriptions.keep(base.onEvent { if $0.name == name { action($0) } })
    }

    /// Calls `handler` with every status of the connection while the handle is open.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void)
        -> ObservationToken
    {
        subscriptions.keep(base.onStatusChange(handler))
    }

    /// Closes the handle, then does what its pool said to the connection.
    ///
    /// Twice does nothing.
    public func close() {
        let first = closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        subscriptions.cancelAll()
        whenClosed(connection)
    }
}
