import Builder
import ChainOfResponsibility
import Factory
import Flyweight
import Foundation
import MessagingKit
import Proxy
import Singleton

/// The app's messaging client for one signed-in person: screens open chats through it.
///
/// The composition root: the one place that knows the write-up's seven patterns and our
/// protection proxy, and wires each to the decision it owns. Nothing here decides anything itself; every line hands a decision over.
///
/// | decision | who owns it | pattern | legacy bug it removed |
/// |---|---|---|---|
/// | are the URL and the settings right? | `ConnectionBuilder` | Builder | three problems, one reported |
/// | which kind of connection for a URL? | `SchemeConnectionFactory` | Factory | (a socket class named by every screen) |
/// | is there one for this URL already? | `ConnectionPool` | Flyweight | two screens, two sockets; a closed chat still sent |
/// | where does a screen get a chat? | `ConnectionManager` | Singleton | (each screen made its own) |
/// | what may a connection do now? | `ManagedConnection` | State | a closed chat came back; no reconnecting |
/// | what happens to a send while offline? | `OfflineOutbox` | Command | a drop in a replay lost the rest |
/// | may this person send at all? | `ProtectionProxy` | Proxy | a guest's send reached the server |
/// | what happens to a connection nobody uses? | `ConnectionKeeper` | Chain of Responsibility | idle sockets open for ever |
///
/// An app makes one client at sign-in and keeps it (in its own composition root, as a
/// `static let` if it likes); each test makes its own, over servers it plays. That is the
/// Singleton kata's lesson: one instance by convention, made where the app starts, never a
/// global that tests must share.
public final class ChatClient: Sendable {
    // Why a keeper beside the manager, over the same pool: the pool plays two roles, and each
    // client of it sees one. Screens get handles through the manager (`ConnectionPooling`); the
    // keeper tidies through `KeeperPool`.
    private let manager: ConnectionManager
    private let keeper: ConnectionKeeper

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
    ///     the first rule that can handle it acts. The standard three unless the app adds its own.
    public init(
        settings: [String: String] = [:], user: ChatUser,
        network: @escaping @Sendable (ServerURL) -> any Transport = { InMemoryTransport(url: $0) },
        keeperRules: [any KeeperHandler] = ConnectionKeeper.standardHandlers
    ) {
        // Proxy: every transport is wrapped before anything else sees it, so no path to the
        // server (a send now, a replay later) goes around the check. Legacy: nobody checked.
        let factory = SchemeConnectionFactory { server in
            ProtectionProxy(wrapping: network(server), user: user)
        }
        // Builder: the settings become one builder, checked as a whole for each URL. Its maker is
        // the only way a configuration becomes a connection: the factory's socket, under a
        // lifecycle (State), with its outbox (Command) in front of its sends.
        let builder = ConnectionBuilder { configuration in
            try ChatLine(wrapping: factory.makeConnection(for: configuration.url.url))
        }
        .reading(settings)
        // Flyweight: one connection per URL, made through the builder only when the pool has
        // none. Singleton: the one manager this client hands chats out from.
        let pool = ConnectionPool(factory: ConfiguredConnections(builder: builder))
        self.manager = ConnectionManager(pool: pool)
        // Chain of Responsibility: the keeper's rules (the standard three: reconnect, disconnect,
        // release, unless the app gave its own) over the same pool. Legacy: one hard-coded loop,
        // which only reconnected; `keeperRules` was the seam cut for it, which the legacy ignored.
        self.keeper = ConnectionKeeper(pool: pool.keeperView, handlers: keeperRules)
    }

    /// Opens a chat with the server at `url`, and starts connecting.
    ///
    /// Chats on one URL share one connection, for as long as any of them is open.
    /// - Throws: `BuildError`, naming everything that is wrong with `url` and the settings.
    public func open(_ url: URL) async throws -> ChatSocket {
        let handle = try await manager.makeHandle(for: url)
        // Why the chat connects, not the pool: the pool hands out handles without connecting, so
        // that a screen may subscribe first. A chat opened on a dropped connection reconnects it.
        do {
            try handle.connect()
        } catch {
            handle.close()
            throw error
        }
        return ChatSocket(handle: handle)
    }

    /// Looks after the client's connections every `interval` of `clock`, until the task is
    /// cancelled: reconnects what a chat still uses, disconnects what nobody uses, then releases
    /// it.
    public func keepConnections<C: Clock>(every interval: Duration, on clock: C) async
    where C.Duration == Duration {
        await keeper.run(every: interval, on: clock)
    }
}

/// The pool's factory: every connection the pool makes is built from the client's settings.
///
/// Why an adapter: the pool asks a `ConnectionFactory` for a URL; the builder is what knows the
/// settings. This one line joins the two, so the pool never learns the builder exists.
private struct ConfiguredConnections: ConnectionFactory {
    let builder: ConnectionBuilder

    func makeConnection(for url: URL) throws -> any Connection {
        // Why `make()`, not `connect()`: a factory makes; it doesn't connect (the Factory kata's
        // rule 1.4). The chat that asked connects, through its handle, once it has subscribed.
        try builder.build(url: url.absoluteString).make()
    }
}
