import Foundation
import MessagingKit

/// One caller's handle on a pooled connection: it connects, sends and listens through the
/// shared connection, and can't disconnect it for the others.
///
/// Role, in the keyed pool: what each caller holds of the shared object. It holds the
/// caller's own part (whether it is open, its subscriptions) and reaches the shared
/// connection only through the few operations a screen needs.
public final class ConnectionHandle: ConnectionHandling {
    /// The shared connection's id.
    public let connectionID: UUID
    /// The shared connection's URL.
    public let url: URL
    // Why private: a screen that reached the connection could disconnect it for every screen.
    private let connection: any Connection
    // Why a bag of tokens: closing cancels every subscription at once, a subscription made as
    // the handle closes, on another thread, is cancelled as it is kept, and a handle freed
    // without `close()` (a screen that went away) cancels them as the bag goes with it.
    private let subscriptions = TokenBag()

    init(connection: any Connection) {
        self.connection = connection
        self.connectionID = connection.id
        self.url = connection.url
    }

    /// Open until ``close()``.
    public var isOpen: Bool { !subscriptions.isCancelled }

    /// The shared connection's status.
    public var status: TransportStatus { connection.status }

    /// The shared connection's lifecycle, if it has one.
    public var lifecycle: ConnectionState? { connection.lifecycle }

    /// Starts connecting the shared connection, unless it is connecting or connected.
    ///
    /// Why look first: a plain connection ignores a second `connect()`, but a managed one (the
    /// State kata's) refuses it while connected, and a second screen must not fail for it.
    /// - Throws: ``HandleError/closed(_:)`` once closed; the connection's error, unchanged.
    public func connect() throws {
        guard isOpen else { throw HandleError.closed(url) }
        if [.idle, .disconnected].contains(connection.status) { try connection.connect() }
    }

    /// Sends `event` over the shared connection.
    ///
    /// - Throws: ``HandleError/closed(_:)`` once closed; the connection's error, unchanged.
    public func send(_ event: Event) throws {
        guard isOpen else { throw HandleError.closed(url) }
        try connection.send(event)
    }

    /// Sends `event` over the shared connection, and gives back the connection's ticket for it.
    ///
    /// - Throws: ``HandleError/closed(_:)`` once closed; the connection's error, unchanged.
    @discardableResult
    public func submit(_ event: Event) throws -> CommandTicket {
        guard isOpen else { throw HandleError.closed(url) }
        return try connection.submit(event)
    }

    /// Calls `action` with every event named `name`, until the token is cancelled or the handle
    /// closes.
    @discardableResult
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
        -> ObservationToken
    {
        subscriptions.keep(connection.onEvent { if $0.name == name { action($0) } })
    }

    /// Calls `handler` with every status of the shared connection, until the token is cancelled
    /// or the handle closes.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        subscriptions.keep(connection.onStatusChange(handler))
    }

    /// Closes the handle for good: its subscriptions hear nothing more, at once.
    ///
    /// Why it doesn't disconnect: the connection is shared. Whether a connection nobody uses
    /// goes is the keeper's decision.
    public func close() {
        subscriptions.cancelAll()
    }
}
