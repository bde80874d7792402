import MessagingKit

/// Stands in for a transport and lets only a user who may post send.
///
/// A send from a user without permission is refused with
/// ``MessagingKit/SendForbidden`` and never reaches the real transport.
/// Everything else (connect, status, events) goes through untouched.
public final class ProtectionProxy: Transport {
    private let real: any Transport
    /// The user whose sends this proxy checks.
    public let user: ChatUser

    /// Puts a proxy for `user` in front of `real`.
    public init(wrapping real: any Transport, user: ChatUser) {
        self.real = real
        self.user = user
    }

    /// The real transport's address.
    public var url: ServerURL { real.url }

    /// The real transport's status.
    public var status: TransportStatus {
        // TODO: Step 4 — the real transport's status (rule 4.4).
        .idle
    }

    /// Connects the real transport.
    public func connect() {
        // TODO: Step 4 — pass it on (rule 4.4).
    }

    /// Disconnects the real transport.
    public func disconnect() {
        // TODO: Step 4 — pass it on (rule 4.4).
    }

    /// Sends through the real transport if the user may post.
    ///
    /// - Throws: ``MessagingKit/SendForbidden`` when the user may not,
    ///   whatever the connection's status; otherwise what the real transport throws.
    public func send(_ event: Event) throws {
        // TODO: Step 4 — refuse a user who may not post, before anything else; pass the rest on (rules 4.1–4.3).
    }

    /// Passes the handler to the real transport.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        // TODO: Step 4 — pass it on, and return the real transport's token (rule 4.4).
        ObservationToken {}
    }

    /// Passes the handler to the real transport.
    @discardableResult
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        // TODO: Step 4 — pass it on, and return the real transport's token (rule 4.4).
        ObservationToken {}
    }
}
