import MessagingKit

/// Stands in for a transport and holds what can't be sent yet: while the real transport is not
/// connected, sends wait here, and go out in order when it connects.
///
/// It has the same protocol as the real transport, so whoever expects a transport can be given
/// this one and can't tell the difference.
public final class OfflineTransportProxy: Transport {
    private let real: any Transport

    /// Puts a proxy in front of `real`.
    public init(wrapping real: any Transport) {
        self.real = real
        // TODO: Step 2 — when the real transport connects, deliver what is held.
    }

    /// The real transport's address.
    public var url: ServerURL { real.url }

    /// The real transport's status: the proxy doesn't pretend to be connected.
    public var status: TransportStatus {
        // TODO: Step 2 — the real transport's status.
        .idle
    }

    /// How many sends wait for the connection.
    public var heldCount: Int {
        // TODO: Step 2 — the number of held sends.
        0
    }

    /// The refusals of held sends that the real transport turned down for good when they were
    /// delivered (for example a protection proxy behind this one), in order.
    public var undeliverable: [any Error] {
        // TODO: Step 3 — what was refused for good on delivery.
        []
    }

    /// Connects the real transport.
    public func connect() {
        // TODO: Step 2 — pass it on.
    }

    /// Disconnects the real transport.
    ///
    /// Held sends stay held.
    public func disconnect() {
        // TODO: Step 2 — pass it on.
    }

    /// Sends through the real transport when it is connected and nothing waits before; holds
    /// the event otherwise.
    ///
    /// - Throws: What the real transport throws for a reason other than not being connected.
    public func send(_ event: Event) throws {
        // TODO: Step 2 — send now, or hold it.
    }

    /// Passes the handler to the real transport.
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) {
        // TODO: Step 2 — pass it on.
    }

    /// Passes the handler to the real transport.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {
        // TODO: Step 2 — pass it on.
    }
}
