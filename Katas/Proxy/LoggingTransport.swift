import MessagingKit

/// Wraps a transport and records what happens to it; otherwise it is the wrapped transport.
///
/// It records each send that went out, each send the wrapped transport refused (with the
/// error), and each status change.
///
/// A decorator: it adds a log and keeps `Transport`'s contract whole. Same status, same errors
/// (rethrown unchanged), same callbacks, and exactly one call to the wrapped transport per send.
/// Code written against `Transport` can't tell it is there. The log sink is called outside any
/// lock, and may call back into the transport.
public final class LoggingTransport: Transport {
    /// One thing the log records: MessagingKit's ``MessagingKit/TransportLogEntry``.
    public typealias Entry = TransportLogEntry

    private let real: any Transport
    private let log: @Sendable (Entry) -> Void

    /// Wraps `real`, and calls `log` with every entry from now on.
    public init(wrapping real: any Transport, log: @escaping @Sendable (Entry) -> Void) {
        self.real = real
        self.log = log
        // TODO: Step 5 — record every status change of the wrapped transport from now on; capture the sink, not self (rules 5.1, 5.11).
    }

    /// The wrapped transport's address.
    public var url: ServerURL { real.url }

    /// The wrapped transport's status, read from it each time.
    public var status: TransportStatus {
        // TODO: Step 5 — the wrapped transport's status, read from it (rule 5.3).
        .idle
    }

    /// Connects the wrapped transport.
    public func connect() {
        // TODO: Step 5 — pass it on (rule 5.4).
    }

    /// Disconnects the wrapped transport.
    public func disconnect() {
        // TODO: Step 5 — pass it on (rule 5.4).
    }

    /// Sends through the wrapped transport, once, and records whether it went out.
    ///
    /// - Throws: What the wrapped transport throws, unchanged.
    public func send(_ event: Event) throws {
        // TODO: Step 5 — send once; record it as sent, or as refused with the error, and rethrow that error (rules 5.1, 5.2, 5.6, 5.7, 5.9).
    }

    /// Passes the handler to the wrapped transport.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        // TODO: Step 5 — pass it on, and return the real transport's token (rule 5.4).
        ObservationToken {}
    }

    /// Passes the handler to the wrapped transport.
    @discardableResult
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        // TODO: Step 5 — pass it on, and return the real transport's token (rule 5.4).
        ObservationToken {}
    }
}
