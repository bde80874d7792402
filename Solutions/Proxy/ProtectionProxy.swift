import MessagingKit

/// Stands in for a transport and lets only a user who may post send.
///
/// Role: a **protection proxy** for the subject `Transport`; the wrapped transport is its
/// **real subject**. A send from a user without permission is refused with
/// ``MessagingKit/SendForbidden`` and never reaches the real transport. Everything else
/// (connect, status, events) goes through untouched. It keeps `Transport`'s contract: it only
/// ever says no, which `Transport.send` documents, and never promises more than the real one.
///
/// Why a `final class` with only `let`s: `Transport` is a class protocol (a transport has
/// identity), and a class whose stored properties are all immutable and `Sendable` is
/// `Sendable` without a lock.
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
    public var status: TransportStatus { real.status }

    /// Connects the real transport.
    public func connect() { real.connect() }
    /// Disconnects the real transport.
    public func disconnect() { real.disconnect() }

    /// Sends through the real transport if the user may post.
    ///
    /// - Throws: ``MessagingKit/SendForbidden`` when the user may not,
    ///   whatever the connection's status; otherwise what the real transport throws.
    public func send(_ event: Event) throws {
        // Why check before anything else: a refusal doesn't depend on the connection, and
        // nothing behind this proxy (a logging decorator, the socket) sees a send that will
        // never be allowed.
        guard user.mayPost else { throw SendForbidden(event: event.name, user: user.name) }
        try real.send(event)
    }

    /// Passes the handler to the real transport; its token is the real transport's.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        real.onStatusChange(handler)
    }

    /// Passes the handler to the real transport; its token is the real transport's.
    @discardableResult
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        real.onEvent(handler)
    }
}
