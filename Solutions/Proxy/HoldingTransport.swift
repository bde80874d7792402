import MessagingKit
import Synchronization

/// Wraps a transport and holds what can't be sent yet: while the real transport is not
/// connected, sends wait here, and go out in order when it connects again.
///
/// Role: a **decorator**, not a proxy. It has `Transport`'s interface, so whoever expects a
/// transport (a `SocketConnection`) can be given this one; but it adds a responsibility and
/// changes what `send` promises. `Transport.send` throws `notConnected` while offline and does
/// not queue; this one queues instead. The messaging write-up suggested the buffer could be a
/// proxy; a proxy would keep the subject's promise, and this wrapper doesn't. `Transport`'s
/// contract stays strict because other code relies on it: the Command kata's outbox keeps a
/// command when the transport throws, and would take a held send for a sent one.
///
/// Why a `Mutex`: the real transport reports "connected" from any thread while the app sends
/// from another. The real transport is called outside the lock, because it may call straight
/// back in (a status handler, a hook that sends).
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

    private struct State {
        var held: [Event] = []
        // Why one sender at a time: two threads sending at once (a caller, and the flush that
        // a reconnect started) could put a new event before the held ones. While `sending`,
        // every other send joins the hold.
        var sending = false
        var undeliverable: [Undeliverable] = []
    }

    private let state = Mutex(State())

    /// Wraps `real`.
    public init(wrapping real: any Transport) {
        self.real = real
        real.onStatusChange { [weak self] status in
            if status == .connected { self?.flush() }
        }
    }

    /// The real transport's address.
    public var url: ServerURL { real.url }

    /// The real transport's status: the wrapper doesn't pretend to be connected.
    public var status: TransportStatus { real.status }

    /// How many sends wait for the connection.
    public var heldCount: Int { state.withLock { $0.held.count } }

    /// The held sends that the real transport refused for good when they were delivered (for
    /// example a protection proxy behind this one), in order.
    public var undeliverable: [Undeliverable] { state.withLock { $0.undeliverable } }

    /// Connects the real transport.
    public func connect() { real.connect() }

    /// Disconnects the real transport.
    ///
    /// Held sends stay held.
    public func disconnect() { real.disconnect() }

    /// Sends through the real transport when it is connected and nothing waits before; holds
    /// the event otherwise.
    ///
    /// - Throws: What the real transport throws for a reason other than not being connected,
    ///   unchanged.
    public func send(_ event: Event) throws {
        // Why the status is read before the lock: the real transport has a lock of its own, and
        // taking it under ours would order the two locks. A stale answer is harmless: the real
        // send then throws `notConnected`, and the event is held after all.
        let connected = real.status == .connected
        let sendNow = state.withLock { state -> Bool in
            guard connected, state.held.isEmpty, !state.sending else {
                state.held.append(event)
                return false
            }
            state.sending = true
            return true
        }
        guard sendNow else {
            flush()
            return
        }
        do {
            try real.send(event)
            state.withLock { $0.sending = false }
        } catch TransportError.notConnected {
            // It dropped between the check and the send: hold it, ahead of what others held
            // while it was being sent.
            state.withLock { state in
                state.held.insert(event, at: 0)
                state.sending = false
            }
        } catch {
            state.withLock { $0.sending = false }
            flush()
            throw error
        }
        flush()
    }

    /// Passes the handler to the real transport.
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) {
        real.onStatusChange(handler)
    }

    /// Passes the handler to the real transport.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {
        real.onEvent(handler)
    }

    /// Sends the held events in order while the real transport is connected.
    ///
    /// An event leaves the hold only once it has gone out: if the connection drops in the
    /// middle, it and the rest stay, in order. Taking them all out first and sending them
    /// after would lose them, or put them behind a send made when the drop was heard.
    private func flush() {
        while real.status == .connected {
            let next = state.withLock { state -> Event? in
                guard !state.sending, let first = state.held.first else { return nil }
                state.sending = true
                return first
            }
            guard let next else { return }
            do {
                try real.send(next)
                state.withLock { state in
                    state.held.removeFirst()
                    state.sending = false
                }
            } catch TransportError.notConnected {
                // It dropped: the loop's condition stops the flush, unless it is back already.
                state.withLock { $0.sending = false }
            } catch {
                // Refused for good (not a connection problem): it can never go out. Report it
                // instead of retrying forever or losing it quietly, and go on with the rest.
                state.withLock { state in
                    state.held.removeFirst()
                    state.undeliverable.append(Undeliverable(event: next, error: error))
                    state.sending = false
                }
            }
        }
    }
}
