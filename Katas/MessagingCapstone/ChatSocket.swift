import ChainOfResponsibility
import Foundation
import MessagingKit
import Synchronization

// The messaging client as it shipped: every screen opens its own socket, and one class per
// socket keeps its state in a string, buffers in an array and lets anyone send at any time. It
// works for the happy path, and the characterization tests pin that. The bug tests pin what it
// gets wrong. Your job is to replace it part by part with the seven patterns of the messaging
// write-up and a protection proxy, keeping every characterization test green and turning the bug tests green.
//
// Steps 1 to 3 are moves: the client keeps behaving as it does, while its parts start working
// through the patterns' roles. Steps 4 to 7 fix its bugs, one pattern at a time.
//
// TODO: Step 8 — when steps 1 to 7 are green, delete what they left dead here (the string
//       states, the buffer, the checks one key at a time). The payoff tests run the whole client.

/// The app's messaging client for one signed-in person: screens open chats through it.
///
/// An app makes one at sign-in; each test makes its own, over servers it plays.
public final class ChatClient: Sendable {
    private let settings: [String: String]
    private let user: ChatUser
    private let network: @Sendable (ServerURL) -> any Transport
    // Smell: every chat ever opened, closed ones too. Nothing is ever taken out.
    private let sockets = Mutex<[ChatSocket]>([])

    /// Creates the client.
    ///
    /// - Parameters:
    ///   - settings: The connection settings, as the app's configuration file has them:
    ///     `reconnectAttempts` (1 to 10, default 3), `timeout` (whole seconds, 1 to 60, default
    ///     10) and `authToken` (not blank). A value that isn't a whole number reads as 0; other
    ///     keys are ignored. They are checked when a chat opens.
    ///   - user: Who is signed in. Only someone who may post can send.
    ///   - network: Makes the socket library's transport to a server; tests pass servers they
    ///     play.
    ///   - keeperRules: What `keepConnections(every:on:)` does with each connection, in order:
    ///     the first rule that can handle it acts. By default the legacy's one rule: reconnect
    ///     what a chat uses and dropped.
    public init(
        settings: [String: String] = [:], user: ChatUser,
        network: @escaping @Sendable (ServerURL) -> any Transport = { InMemoryTransport(url: $0) },
        keeperRules: [any KeeperHandler] = [ReconnectHandler()]
    ) {
        // TODO: Step 1 — each chat gets a handle on a connection of its own (rules 1.1, 1.2).
        // TODO: Step 3 — a seam cut but not yet joined: the legacy ignores `keeperRules` (rule 3.1).
        // TODO: Step 4 — one builder, one pool, one manager for the whole client (rules 4.1–4.6).
        self.settings = settings
        self.user = user
        self.network = network
    }

    /// Opens a chat with the server at `url`, and starts connecting.
    ///
    /// - Throws: `BuildError`, naming what is wrong with `url` and the settings.
    public func open(_ url: URL) async throws -> ChatSocket {
        // Smell: each setting is checked on its own, and the first problem found is the only one
        // anyone hears about.
        guard let server = try? ServerURL(url) else {
            throw BuildError(problems: [.invalidURL(url.absoluteString)])
        }
        guard server.scheme == "ws" || server.scheme == "wss" else {
            throw BuildError(problems: [.unsupportedScheme(server.scheme)])
        }
        if let text = settings["reconnectAttempts"] {
            let attempts = Int(text) ?? 0
            if attempts < 1 || attempts > 10 {
                throw BuildError(problems: [.reconnectAttemptsOutOfRange(attempts)])
            }
        }
        if let text = settings["timeout"] {
            let seconds = Int(text) ?? 0
            if seconds < 1 || seconds > 60 {
                throw BuildError(problems: [.timeoutOutOfRange(.seconds(seconds))])
            }
        }
        if let token = settings["authToken"], !token.contains(where: { !$0.isWhitespace }) {
            throw BuildError(problems: [.emptyAuthToken])
        }
        // Smell: a new socket for every screen, even when another screen talks to the same server.
        let socket = ChatSocket(transport: network(server))
        sockets.withLock { $0.append(socket) }
        socket.connect()
        return socket
    }

    /// Looks after the client's connections every `interval` of `clock`, until the task is
    /// cancelled.
    public func keepConnections<C: Clock>(every interval: Duration, on clock: C) async
    where C.Duration == Duration {
        // TODO: Step 3 — the Chain of Responsibility kata's keeper runs `keeperRules` (rule 3.1).
        // TODO: Step 7 — the standard rules look after the pool (rules 7.1–7.5).
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: interval)
            } catch {
                return
            }
            // Smell: the only care taken is to reconnect what dropped. A socket nobody uses stays
            // open for ever.
            for socket in sockets.withLock({ $0 }) where socket.stateName == "disconnected" {
                socket.connect()
            }
        }
    }
}

/// One screen's chat: it sends, it hears the events it subscribed to, and it closes.
public final class ChatSocket: Sendable {
    /// The server this chat talks to.
    public let url: URL
    private let transport: any Transport
    private let legacy = Mutex(Legacy())

    private struct Legacy {
        // Smell: the state is a string, and every method checks it with an `if`.
        var state = "created"
        // Smell: an array replayed, then cleared with `removeAll()`.
        var buffer: [Event] = []
        var handlers: [(name: EventName, action: @Sendable (Event) -> Void)] = []
    }

    /// A chat on `handle`: it connects, sends, hears and closes through it.
    public convenience init(handle: any ConnectionHandling) {
        // TODO: Step 1 — a seam cut but not yet joined: the legacy ignores the handle and makes
        //       a socket that never connects (rules 1.1, 1.2).
        self.init(transport: InMemoryTransport(url: (try? ServerURL(handle.url)) ?? .nowhere))
    }

    init(transport: any Transport) {
        self.transport = transport
        self.url = transport.url.url
        transport.onStatusChange { [weak self] status in self?.transportDidChange(to: status) }
        transport.onEvent { [weak self] event in self?.receive(event) }
    }

    /// Where the chat's connection is in its lifecycle, for the screen's banner.
    public var state: ConnectionState {
        // TODO: Step 2 — the handle's lifecycle, when it has one (rule 2.1).
        // TODO: Step 5 — the State kata's lifecycle decides this (rules 5.1–5.3).
        ConnectionState(rawValue: stateName) ?? .created
    }

    var stateName: String { legacy.withLock { $0.state } }

    /// Sends `event` to the server now, or as soon as the chat is connected again.
    ///
    /// - Returns: the send's ticket, to hear how it ended.
    /// - Throws: when the chat refuses to send.
    @discardableResult
    public func send(_ event: Event) throws -> CommandTicket {
        // TODO: Step 2 — a send that goes out returns the handle's ticket (rule 2.2).
        // TODO: Step 6 — sends go through the Command kata's outbox, and a guest's through the
        //       Proxy kata's protection proxy (rules 6.1–6.6).
        // Smell: sending is allowed in any state, even after the chat was closed. And a send kept
        // for later gets a ticket that never says how it ended.
        let ticket = CommandTicket(number: 0)
        if transport.status == .connected {
            try transport.send(event)
            ticket.settle(.sent)
        } else {
            legacy.withLock { $0.buffer.append(event) }
        }
        return ticket
    }

    /// Calls `action` with every event named `name` the server sends, until the chat is closed.
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void) {
        legacy.withLock { $0.handlers.append((name, action)) }
    }

    /// Closes the chat: the screen is going away.
    public func close() {
        // Smell: the state says released, but the socket is never closed.
        legacy.withLock { legacy in
            legacy.state = "released"
            legacy.handlers = []
        }
    }

    func connect() {
        transport.connect()
    }

    private func transportDidChange(to status: TransportStatus) {
        if status == .connected {
            legacy.withLock { $0.state = "connected" }
            // Smell: replay everything, then forget everything, whether it went out or not.
            let buffered = legacy.withLock { $0.buffer }
            for event in buffered {
                try? transport.send(event)
            }
            legacy.withLock { $0.buffer.removeAll() }
        } else if status == .disconnected {
            legacy.withLock { $0.state = "disconnected" }
        }
    }

    private func receive(_ event: Event) {
        let handlers = legacy.withLock { $0.handlers }
        for handler in handlers where handler.name == event.name {
            handler.action(event)
        }
    }
}
