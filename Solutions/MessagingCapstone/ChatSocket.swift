import Foundation
import MessagingKit

/// One screen's chat: it sends, it hears the events it subscribed to, and it closes.
///
/// It decides nothing either, and holds nothing but the pool's handle (Flyweight: what this
/// screen shares, and whether it still does). Everything else it needs, the handle offers: the
/// connection's lifecycle (State), and a send that goes through the connection's outbox
/// (Command). Legacy: each chat owned a socket, a state string and an array of its own.
public final class ChatSocket: Sendable {
    private let handle: any ConnectionHandling

    /// A chat on `handle`: it connects, sends, hears and closes through it.
    public init(handle: any ConnectionHandling) {
        self.handle = handle
    }

    /// The server this chat talks to.
    public var url: URL { handle.url }

    /// Where the chat's connection is in its lifecycle, for the screen's banner.
    ///
    /// A closed chat is released, whatever becomes of the connection the other chats share.
    public var state: ConnectionState {
        // Legacy: a string the socket's callbacks overwrote, so a closed chat read "disconnected"
        // after a drop (and the keeper reconnected it), and nobody ever saw "reconnecting".
        // Why `.released` without a lifecycle: every connection this client makes has one
        // (`ChatLine`); a handle that can't say is one the chat can't use.
        guard handle.isOpen else { return .released }
        return handle.lifecycle ?? .released
    }

    /// Sends `event` to the server now, or as soon as the connection is back.
    ///
    /// - Throws: `HandleError.closed` once the chat is closed; `OutboxError.full` when the
    ///   connection already holds as many sends as its outbox takes; the connection's refusal,
    ///   unchanged, when it refuses the send for good as it is made (`SendForbidden` for a guest).
    /// - Returns: the send's ticket: it ends `sent`, `refused` (a guest's send kept offline) or
    ///   `cancelled` (the connection was released before it went out).
    @discardableResult
    public func send(_ event: Event) throws -> CommandTicket {
        // Legacy: sending was allowed in any state, so a closed chat still reached the server,
        // and an array replayed, then cleared, lost the rest when a drop came in the middle.
        try handle.submit(event)
    }

    /// Calls `action` with every event named `name` the server sends, until the chat is closed.
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void) {
        handle.onEvent(name, perform: action)
    }

    /// Closes the chat: the screen is going away.
    ///
    /// The connection stays for the other chats on it; once nobody uses it, the keeper
    /// disconnects it, then releases it.
    public func close() {
        handle.close()
    }
}
