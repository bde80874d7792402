import Synchronization

/// Keeps an observation going until ``cancel()``: what `observe` returns.
///
/// Cancelling twice does nothing more. Dropping the token does not cancel: an observer that
/// wants to hear every change for the object's whole life may ignore it.
public final class ObservationToken: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    /// Creates a token that runs `onCancel` the first time it is cancelled.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops the observation: the observer hears nothing more.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
