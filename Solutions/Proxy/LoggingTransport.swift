import MessagingKit

/// Wraps a transport and records what happens to it; otherwise it is the wrapped transport.
///
/// It records each send that went out, each send the wrapped transport refused (with the
/// error), and each status change.
///
/// Role: a **decorator**. `Transport` is the *component*, the wrapped transport the *concrete
/// component*, and this class the *decorator*: it adds one responsibility (a log) and keeps
/// the component's contract whole. Same status, same errors, same callbacks, and exactly one
/// call to the wrapped transport per call made on it: code written against `Transport` can't
/// tell it is there, so it goes wherever a transport goes (a `SocketConnection`, the outbox of
/// the Command kata), and decorators stack. A proxy has that shape too; what differs is the
/// intent: a proxy controls access to its subject, a decorator adds to what it does.
///
/// Why no lock: every stored property is a `let` holding a `Sendable` value, so the class is
/// `Sendable` as it is, and the log sink is never called under a lock. A sink may call back
/// into the transport (read its status, send again) from inside the callback.
public final class LoggingTransport: Transport {
    /// One thing the log records: MessagingKit's ``MessagingKit/TransportLogEntry``.
    public typealias Entry = TransportLogEntry

    private let real: any Transport
    private let log: @Sendable (Entry) -> Void

    /// Wraps `real`, and calls `log` with every entry from now on.
    public init(wrapping real: any Transport, log: @escaping @Sendable (Entry) -> Void) {
        self.real = real
        self.log = log
        // Why the handler captures `log` and not `self`: the wrapped transport keeps its
        // handlers, and one that held `self` would keep this wrapper alive as long as it.
        real.onStatusChange { status in log(.statusChanged(status)) }
    }

    /// The wrapped transport's address.
    public var url: ServerURL { real.url }

    /// The wrapped transport's status, read from it each time: never a copy kept here, which
    /// could lag behind it.
    public var status: TransportStatus { real.status }

    /// Connects the wrapped transport.
    public func connect() { real.connect() }

    /// Disconnects the wrapped transport.
    public func disconnect() { real.disconnect() }

    /// Sends through the wrapped transport, once, and records whether it went out.
    ///
    /// - Throws: What the wrapped transport throws, unchanged: ``MessagingKit/TransportError``
    ///   while it is not connected, or a wrapper's own error (``MessagingKit/SendForbidden``).
    public func send(_ event: Event) throws {
        do {
            try real.send(event)
        } catch {
            // Why rethrow the same error: a caller (the outbox) decides what to do by it, and
            // a decorator that changed it would change the contract it keeps.
            log(.refused(event, error: error))
            throw error
        }
        // Why after the send: only a send that went out is recorded as sent.
        log(.sent(event))
    }

    /// Passes the handler to the wrapped transport; its token is the wrapped transport's.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        real.onStatusChange(handler)
    }

    /// Passes the handler to the wrapped transport; its token is the wrapped transport's.
    @discardableResult
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        real.onEvent(handler)
    }
}
