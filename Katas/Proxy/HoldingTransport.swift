import MessagingKit

/// Wraps a transport and holds what can't be sent yet: while the real transport is not
/// connected, sends wait here, and go out in order when it connects again.
///
/// A decorator, not a proxy: it has `Transport`'s interface, so whoever expects a transport can
/// be given this one, but it changes what `send` promises (it holds instead of throwing
/// `notConnected`).
public final class HoldingTransport: Transport {
    /// A held send that the real transport refused for good when it was delivered.
    public struct Undeliverable: Sendable {
        /// The event that was held and could not be delivered.
        public let event: Event
        /// What the real transport threw: anything but ``MessagingKit/TransportError/notConnected(_:)``.
        public let error: any Error

        /// Pairs `event` with the error that refused it.
        public init(event: Event, error: any Error) {
            self.event = event
            self.error = error
        }
    }

    private let real: any Transport

    /// Wraps `real`.
    public init(wrapping real: any Transport) {
        self.real = real
        // TODO: Step 5 — when the real transport connects, deliver what is held.
    }

    /// The real transport's address.
    public var url: ServerURL { real.url }

    /// The real transport's status: the wrapper doesn't pretend to be connected.
    public var status: TransportStatus {
        // TODO: Step 5 — the real transport's status.
        .idle
    }

    /// How many sends wait for the connection.
    public var heldCount: Int {
        // TODO: Step 5 — the number of held sends.
        0
    }

    /// The held sends that the real transport refused for good when they were delivered (for
    /// example a protection proxy behind this one), in order.
    public var undeliverable: [Undeliverable] {
        // TODO: Step 5 — what was refused for good on delivery, with its error.
        []
    }

    /// Connects the real transport.
    public func connect() {
        // TODO: Step 5 — pass it on.
    }

    /// Disconnects the real transport.
    ///
    /// Held sends stay held.
    public func disconnect() {
        // TODO: Step 5 — pass it on.
    }

    /// Sends through the real transport when it is connected and nothing waits before; holds
    /// the event otherwise.
    ///
    /// - Throws: What the real transport throws for a reason other than not being connected,
    ///   unchanged.
    public func send(_ event: Event) throws {
        // TODO: Step 5 — send now, or hold it; a send made while held ones go out waits its turn.
    }

    /// Passes the handler to the real transport.
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) {
        // TODO: Step 5 — pass it on.
    }

    /// Passes the handler to the real transport.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {
        // TODO: Step 5 — pass it on.
    }
}
