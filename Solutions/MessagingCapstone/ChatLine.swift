import Command
import Foundation
import MessagingKit
import State
import Synchronization

/// One pooled connection, as the client's chats use it: a lifecycle (State), with an outbox
/// (Command) in front of every send.
///
/// Why a connection of its own: a chat holds only the pool's handle, and a handle reaches its
/// connection through `Connection`'s operations alone (the Flyweight kata's promise). So what a
/// chat needs of its connection must be what those operations do here: `lifecycle` says where
/// the lifecycle is, and `send` goes through the outbox, one order for every chat on the
/// connection. Nothing beside the pool has to remember which outbox belongs to which
/// connection. The shape is a Decorator's, as `ManagedConnection`'s is.
final class ChatLine: Connection {
    private let managed: ManagedConnection
    // Why optional: at the release the outbox goes, and as it goes it settles the ticket of
    // everything still waiting "cancelled": the senders hear that it will never go out, rather
    // than wait for ever.
    private let outbox: Mutex<OfflineOutbox?>

    /// Puts `connection`, as the factory made it (not connected), under a lifecycle, with an
    /// outbox over that lifecycle.
    init(wrapping connection: any Connection) throws {
        managed = ManagedConnection(connection: connection)
        outbox = Mutex(try OfflineOutbox(connection: managed))
        // Why `weak`: the lifecycle keeps its observers for its whole life, and this line keeps
        // the lifecycle: a strong capture would be a cycle, and a retired line never freed.
        managed.observe { [weak self] change in
            if change.to == .released { self?.letTheOutboxGo() }
        }
    }

    private func letTheOutboxGo() {
        let gone = outbox.withLock { outbox in
            defer { outbox = nil }
            return outbox
        }
        // Why outside the lock: the outbox settles its tickets as it goes, and whoever hears a
        // ticket may call straight back in.
        withExtendedLifetime(gone) {}
    }

    var id: UUID { managed.id }
    var url: URL { managed.url }
    var status: TransportStatus { managed.status }
    var lifecycle: ConnectionState? { managed.state }

    func connect() throws { try managed.connect() }
    func disconnect() throws { try managed.disconnect() }
    func release() throws { try managed.release() }

    /// Sends `event` now while connected, or once the connection is back, after what waits.
    ///
    /// - Returns: the outbox's ticket: how the send ended, or will end (sent; refused, a guest's
    ///   kept offline; cancelled, when the connection is released first).
    /// - Throws: `OutboxError.full` when the outbox holds as many sends as it takes; the
    ///   connection's refusal, unchanged, when it refuses the send for good as it is made (the
    ///   protection proxy's `SendForbidden`, for a guest); the lifecycle's, once released.
    ///   Legacy: the send went out, or vanished, and nobody heard.
    @discardableResult
    func submit(_ event: Event) throws -> CommandTicket {
        guard let outbox = outbox.withLock({ $0 }) else { return try managed.submit(event) }
        let send = TellingSend(event: event)
        let ticket = try outbox.enqueue(send)
        if case .refused = ticket.outcome, let refusal = send.refusal { throw refusal }
        return ticket
    }

    func send(_ event: Event) throws {
        try submit(event)
    }

    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        managed.onEvent(handler)
    }

    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        managed.onStatusChange(handler)
    }
}

/// Sends one event, and keeps why the connection refused it, for the chat that sent it.
///
/// A concrete command with a second receiver: the outbox settles the ticket "refused" with a
/// sentence; this keeps the error itself, so the sender can catch it by type.
private final class TellingSend: OutboxCommand {
    let event: Event
    private let refused = Mutex<(any Error)?>(nil)

    init(event: Event) {
        self.event = event
    }

    /// The last error the connection threw for this send; `nil` while none did.
    var refusal: (any Error)? { refused.withLock { $0 } }

    func execute(on connection: any Connection) throws {
        do {
            try connection.send(event)
        } catch {
            refused.withLock { $0 = error }
            throw error
        }
    }
}
