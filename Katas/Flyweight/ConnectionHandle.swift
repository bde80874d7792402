import Foundation
import MessagingKit

/// One caller's handle on a pooled connection: it connects, sends and listens through the
/// shared connection, and can't disconnect it for the others.
public final class ConnectionHandle: ConnectionHandling {
    /// The shared connection's id.
    public let connectionID: UUID
    /// The shared connection's URL.
    public let url: URL

    init(connection: any Connection) {
        // TODO: Step 4 — keep the connection where no caller can reach it (rule 4.4).
        self.connectionID = connection.id
        self.url = connection.url
    }

    /// Open until ``close()``.
    public var isOpen: Bool {
        // TODO: Step 4 — (rule 4.5).
        false
    }

    /// The shared connection's status.
    public var status: TransportStatus {
        // TODO: Step 4 — (rule 4.4).
        .idle
    }

    /// The shared connection's lifecycle, if it has one.
    public var lifecycle: ConnectionState? {
        // TODO: Step 4 — (rule 4.4).
        .released
    }

    /// Starts connecting the shared connection, unless it is connecting or connected.
    public func connect() throws {
        // TODO: Step 4 — (rules 4.3, 4.4).
    }

    /// Sends `event` over the shared connection.
    public func send(_ event: Event) throws {
        // TODO: Step 4 — (rule 4.4).
    }

    /// Sends `event` over the shared connection, and gives back the connection's ticket for it.
    @discardableResult
    public func submit(_ event: Event) throws -> CommandTicket {
        // TODO: Step 4 — (rule 4.4).
        CommandTicket(number: 0)
    }

    /// Calls `action` with every event named `name`, until the token is cancelled or the handle
    /// closes.
    @discardableResult
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
        -> ObservationToken
    {
        // TODO: Step 4 — (rule 4.5).
        ObservationToken {}
    }

    /// Calls `handler` with every status of the shared connection, until the token is cancelled
    /// or the handle closes.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        // TODO: Step 4 — (rule 4.5).
        ObservationToken {}
    }

    /// Closes the handle for good: its subscriptions hear nothing more, at once.
    public func close() {
        // TODO: Step 4 — (rules 4.5, 4.6).
    }
}
