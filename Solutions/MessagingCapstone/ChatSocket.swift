import Command
import Foundation
import MessagingKit

/// One screen's chat: it sends, it hears the events it subscribed to, and it closes.
///
/// It decides nothing either. It holds the pool's handle (Flyweight: what this screen shares,
/// and whether it still does), and its connection's lane: the lifecycle (State) and the outbox
/// (Command).
public final class ChatSocket: Sendable {
    private let handle: any ConnectionHandling
    private let lane: Lanes.Lane

    init(handle: any ConnectionHandling, lane: Lanes.Lane) {
        self.handle = handle
        self.lane = lane
    }

    /// The server this chat talks to.
    public var url: URL { handle.url }

    /// Where the chat's connection is in its lifecycle, for the screen's banner.
    ///
    /// A closed chat is released, whatever becomes of the connection the other chats share.
    public var state: ConnectionState {
        // Legacy: a string the socket's callbacks overwrote, so a closed chat read "disconnected"
        // after a drop (and the keeper reconnected it), and nobody ever saw "reconnecting".
        handle.isOpen ? lane.lifecycle.state : .released
    }

    /// Sends `event` to the server now, or as soon as the connection is back.
    ///
    /// - Throws: `HandleError.closed` once the chat is closed; `OutboxError.full` when the
    ///   connection already holds as many sends as its outbox takes.
    public func send(_ event: Event) throws {
        // Legacy: sending was allowed in any state, so a closed chat still reached the server.
        guard handle.isOpen else { throw HandleError.closed(url) }
        // Legacy: an array replayed, then cleared, so a drop in the middle lost the rest. The
        // outbox removes a command only once it ran, and keeps the order across every drop.
        try lane.outbox.enqueue(SendCommand(event: event))
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
