import MessagingKit
import Synchronization

/// Stands in for a transport and holds what can't be sent yet: while the real transport is not
/// connected, sends wait here, and go out in order when it connects.
///
/// Role: a **proxy** with the same protocol as its **real subject**, `Transport`. Whoever
/// expects a transport (a `SocketConnection`, a test) gets this one and can't tell: the same
/// calls, the same answers, except that a send while offline waits instead of failing.
///
/// Why a `Mutex`: the real transport reports "connected" from any thread while the app sends
/// from another. Sends run outside the lock, so a status handler may call back in.
public final class OfflineTransportProxy: Transport {
    private let real: any Transport

    private struct State {
        var held: [Event] = []
        var flushing = false
        var undeliverable: [any Error] = []
    }

    private let state = Mutex(State())

    /// Puts a proxy in front of `real`.
    public init(wrapping real: any Transport) {
        self.real = real
        real.onStatusChange { [weak self] status in
            if status == .connected { self?.flush() }
        }
    }

    /// The real transport's address.
    public var url: ServerURL { real.url }

    /// The real transport's status: the proxy doesn't pretend to be connected.
    public var status: TransportStatus { real.status }

    /// How many sends wait for the connection.
    public var heldCount: Int { state.withLock { $0.held.count } }

    /// The refusals of held sends that the real transport turned down for good when they were
    /// delivered (for example a protection proxy behind this one), in order.
    public var undeliverable: [any Error] { state.withLock { $0.undeliverable } }

    /// Connects the real transport.
    public func connect() { real.connect() }

    /// Disconnects the real transport.
    ///
    /// Held sends stay held.
    public func disconnect() { real.disconnect() }

    /// Sends through the real transport when it is connected and nothing waits before; holds
    /// the event otherwise.
    ///
    /// - Throws: What the real transport throws for a reason other than not being connected.
    public func send(_ event: Event) throws {
        let sendNow = state.withLock { state -> Bool in
            guard state.held.isEmpty, !state.flushing, real.status == .connected else {
                state.held.append(event)
                return false
            }
            return true
        }
        guard sendNow else { return }
        do {
            try real.send(event)
        } catch TransportError.notConnected {
            // It dropped between the check and the send: hold it, first in line.
            state.withLock { $0.held.insert(event, at: 0) }
        }
    }

    /// Passes the handler to the real transport.
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) {
        real.onStatusChange(handler)
    }

    /// Passes the handler to the real transport.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {
        real.onEvent(handler)
    }

    /// Sends the held events in order.
    ///
    /// An event leaves only once sent: if the connection drops again, the rest stay, in order.
    private func flush() {
        guard
            state.withLock({ state in
                guard !state.flushing else { return false }
                state.flushing = true
                return true
            })
        else { return }
        while true {
            // Why "nothing left" and "no longer flushing" in one lock: a send that comes in
            // between would see `flushing`, join the hold, and wait for the next connection.
            let next = state.withLock { state -> Event? in
                if state.held.isEmpty { state.flushing = false }
                return state.held.first
            }
            guard let next else { return }
            do {
                try real.send(next)
                state.withLock { _ = $0.held.removeFirst() }
            } catch TransportError.notConnected {
                state.withLock { $0.flushing = false }
                return
            } catch {
                // Refused for good (not a connection problem): it can never go out. Report it
                // instead of retrying forever or losing it quietly.
                state.withLock { state in
                    state.held.removeFirst()
                    state.undeliverable.append(error)
                }
            }
        }
    }
}
