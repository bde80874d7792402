/// Tokens kept together and cancelled together: what a handle holds for its subscriptions.
///
/// ``keep(_:)`` holds a token until ``cancelAll()``; a token kept after that is cancelled at
/// once, so nothing subscribed after a close goes on listening, whichever thread closed. The
/// bag cancels what it holds when it is freed too.
public final class TokenBag: Sendable {
    private struct State {
        var tokens: [ObservationToken] = []
        var cancelled = false
    }

    private let state = Locked(State())

    /// An empty bag.
    public init() {}

    deinit {
        cancelAll()
    }

    /// Keeps `token` until ``cancelAll()``; cancels it at once if that was called already.
    ///
    /// - Returns: `token`, so a caller can hand it on.
    @discardableResult
    public func keep(_ token: ObservationToken) -> ObservationToken {
        let kept = state.withLock { state in
            if !state.cancelled { state.tokens.append(token) }
            return !state.cancelled
        }
        if !kept { token.cancel() }
        return token
    }

    /// Cancels every token kept, and every token kept from now on.
    ///
    /// Twice does nothing more.
    public func cancelAll() {
        let tokens = state.withLock { state in
            state.cancelled = true
            defer { state.tokens = [] }
            return state.tokens
        }
        for token in tokens { token.cancel() }
    }

    /// Whether ``cancelAll()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }
}
