import Foundation
import Synchronization

/// A connection over a socket library's ``Transport``: what `ws://` and `wss://` URLs get.
///
/// One of the two concrete ``Connection``s (a **Concrete product** in the Factory kata). It wraps
/// the library behind ``Connection``, so nothing outside this file knows which library is in
/// use. In the real app the transport is a Socket.IO or WebSocket client; in the katas it is
/// ``InMemoryTransport``, which a test drives by hand.
///
/// - Note: Why it is `Sendable`: every stored property is a `let` holding a `Sendable` value;
///   the handlers it keeps are guarded by a `Mutex`, and the transport guards its own state.
public final class SocketConnection: Connection {
    /// Identifies this connection for its whole life.
    public let id = UUID()
    /// The server this connection talks to: the transport's URL.
    public let url: URL

    // Why not public: feature code must not reach past the connection into the library, so
    // that the library can be replaced.
    private let transport: any Transport
    // Why a Mutex: handlers arrive from any task, and the transport calls back from its own
    // thread. The lock is never held while calling a handler, so a handler may call back in.
    private let handlers = Mutex(Handlers())

    private struct Handlers {
        var released = false
        var events: [@Sendable (Event) -> Void] = []
        var statuses: [@Sendable (TransportStatus) -> Void] = []
    }

    /// Creates an idle connection over `transport`.
    public init(transport: any Transport) {
        self.transport = transport
        self.url = transport.url.url
        // Why one subscription each, passed on: a transport can't forget a handler, and
        // release() must. So the connection keeps the handlers and can drop them.
        transport.onEvent { [weak self] event in
            for handler in self?.handlers.withLock({ $0.events }) ?? [] { handler(event) }
        }
        transport.onStatusChange { [weak self] status in
            for handler in self?.handlers.withLock({ $0.statuses }) ?? [] { handler(status) }
        }
    }

    /// The transport's status.
    public var status: TransportStatus { transport.status }

    /// Asks the transport to connect; the server's answer arrives later, as with a real socket.
    ///
    /// Does nothing once released.
    public func connect() {
        guard !handlers.withLock({ $0.released }) else { return }
        transport.connect()
        // Why look again: a release() on another thread may have run between the check above
        // and the connect. Closing again here means a released socket never stays open.
        if handlers.withLock({ $0.released }) { transport.disconnect() }
    }

    /// Closes the transport.
    public func disconnect() {
        transport.disconnect()
    }

    /// Closes the transport for good; its handlers hear it close, then nothing more.
    public func release() {
        handlers.withLock { $0.released = true }
        transport.disconnect()
        handlers.withLock { handlers in
            handlers.events = []
            handlers.statuses = []
        }
    }

    /// Sends `event` through the transport.
    ///
    /// - Throws: what the transport throws, unchanged: ``TransportError/notConnected(_:)``
    ///   unless connected.
    public func send(_ event: Event) throws {
        try transport.send(event)
    }

    /// Calls `handler` with every event the server sends through the transport, until released.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {
        handlers.withLock { handlers in
            if !handlers.released { handlers.events.append(handler) }
        }
    }

    /// Calls `handler` with every status the transport reports, until released.
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) {
        handlers.withLock { handlers in
            if !handlers.released { handlers.statuses.append(handler) }
        }
    }
}
