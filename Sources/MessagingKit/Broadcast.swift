/// Handlers that hear every value published, one value at a time, in the order published.
///
/// The plumbing behind every "calls `handler` with every …" in MessagingKit: a transport's
/// statuses and events, a connection's, and whatever a kata's own types announce. It gives every
/// one of them the same rules, so no kata has to write them again:
///
/// - **One at a time, in order.** A value published while another is being delivered (a handler
///   that reconnects when it hears a drop) waits until every handler has heard the one before.
///   So every handler hears the values in the order they were published, and a handler never
///   runs inside another handler's call for the same broadcast.
/// - **Changes during a delivery.** A handler subscribed during a delivery hears from the next
///   value on. A handler cancelled during a delivery, by itself or by another, hears nothing
///   more, not even the rest of the value being delivered.
/// - **Closing** forgets every handler and every value still waiting, at once, even in the
///   middle of a delivery: nobody hears anything more. A handler subscribed afterwards is
///   forgotten at once.
/// - **Tokens.** ``subscribe(_:)`` returns an ``ObservationToken``; cancelling it stops that
///   handler. Dropping the token does not cancel, so ignoring it is how a handler listens for
///   the broadcast's whole life. Neither the token nor the broadcast keeps the other alive.
///
/// Which thread delivers: the one that published, unless a delivery is already under way on
/// another thread, which then delivers this value too, after the ones before it. So when
/// `publish(_:)` returns outside any handler, every handler has heard the value.
///
/// ```swift
/// let statuses = Broadcast<TransportStatus>()
/// let token = statuses.subscribe { print("now", $0) }
/// statuses.publish(.connected)      // prints "now connected" before returning
/// token.cancel()
/// ```
public final class Broadcast<Value: Sendable>: Sendable {
    private typealias Handler = @Sendable (Value) -> Void

    private struct State {
        var handlers: [(id: Int, handler: Handler)] = []
        var nextID = 0
        var waiting: [Value] = []
        var delivering = false
        var closed = false
    }

    private let state = Locked(State())

    /// Creates a broadcast with no handlers.
    public init() {}

    /// Calls `handler` with every value published from now on, until the token is cancelled or
    /// the broadcast is closed.
    @discardableResult
    public func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> ObservationToken {
        let id = state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            state.nextID += 1
            state.handlers.append((state.nextID, handler))
            return state.nextID
        }
        guard let id else { return ObservationToken {} }
        return ObservationToken { [weak self] in
            self?.state.withLock { $0.handlers.removeAll { $0.id == id } }
        }
    }

    /// Delivers `value` to every handler, after the values published before it.
    ///
    /// Does nothing once closed.
    public func publish(_ value: Value) {
        publish { () -> Value? in value }
    }

    /// Publishes the value `change` returns, if any, as one step with it: `change` runs while no
    /// other publisher of this broadcast can, so values are queued in the order their changes
    /// happened, whichever threads make them.
    ///
    /// What a transport uses to change its status and announce it in one step. `change` must
    /// not call any handler or publish; it may take a lock of its own.
    public func publish<Failure: Error>(
        _ change: () throws(Failure) -> Value?
    ) throws(Failure) {
        try publishEach { () throws(Failure) -> [Value] in try change().map { [$0] } ?? [] }
    }

    /// Publishes the values `change` returns, in order, as one step with it: what a state
    /// machine uses when one change makes several moves.
    public func publishEach<Failure: Error>(
        _ change: () throws(Failure) -> [Value]
    ) throws(Failure) {
        let startsDelivery = try state.withLock { (state) throws(Failure) -> Bool in
            let values = try change()
            guard !values.isEmpty, !state.closed else { return false }
            state.waiting.append(contentsOf: values)
            guard !state.delivering else { return false }
            state.delivering = true
            return true
        }
        if startsDelivery { deliverWaiting() }
    }

    /// Forgets every handler and every value not yet delivered; nothing is heard any more.
    public func close() {
        state.withLock { state in
            state.closed = true
            state.handlers = []
            state.waiting = []
        }
    }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// How many handlers are subscribed now: what a test checks to see that nothing is left
    /// listening.
    public var handlerCount: Int { state.withLock { $0.handlers.count } }

    private func deliverWaiting() {
        while let (value, ids) = nextWaiting() {
            for id in ids {
                // Why look the handler up again before each call: one cancelled or closed by an
                // earlier handler of this same value must not hear it.
                let handler = state.withLock { state in state.handlers.first { $0.id == id }?.handler }
                handler?(value)
            }
        }
    }

    /// The oldest waiting value and who hears it; `nil`, and delivery over, when none waits.
    private func nextWaiting() -> (Value, [Int])? {
        state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.delivering = false
                return nil
            }
            return (state.waiting.removeFirst(), state.handlers.map(\.id))
        }
    }
}
