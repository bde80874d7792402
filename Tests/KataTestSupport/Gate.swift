import Foundation

/// A point where a test double stops until the test lets it through: how a test forces one
/// order of a race, once, for sure, with no sleep and no clock.
///
/// A double calls ``pass()`` at the moment that matters (inside an async geocoder, a pool's
/// factory, a transport); the caller is suspended there. The test waits until the caller has
/// arrived (``arrivals(_:)``), does whatever must happen in between (a newer search, a release,
/// a reply), then calls ``open()``.
///
/// ```swift
/// let gate = Gate()
/// let geocoder = GatedGeocoder(gate: gate)           // calls `await gate.pass()` first
/// let slow = Task { await model.search(for: "Main Street") }
/// await gate.arrivals(1)                              // the slow search is inside the geocoder
/// await model.search(for: "Harbour")                  // the newer search finishes first
/// gate.open()                                         // now the slow answer comes back, late
/// await slow.value
/// ```
///
/// - Note: Why ``Guarded`` and not a `Mutex`: the test that opens a gate and the task it holds
///   take the lock at once, and the thread sanitizer sees only an `NSLock`'s.
public final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var arrived = 0
        var held: [CheckedContinuation<Void, Never>] = []
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Guarded(State())

    /// A closed gate.
    public init() {}

    /// How many callers have reached the gate so far, let through or not.
    public var arrivedCount: Int { state.withLock { $0.arrived } }

    /// Whether ``open()`` was called.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// For the double: counts this arrival, then waits until the gate is open (returns at once
    /// if it already is).
    public func pass() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                state.arrived += 1
                let ready = state.watchers.filter { state.arrived >= $0.count }
                state.watchers.removeAll { state.arrived >= $0.count }
                if state.isOpen {
                    return (ready, continuation as CheckedContinuation<Void, Never>?)
                }
                state.held.append(continuation)
                return (ready, nil)
            }
            // Resumed outside the lock: a resumed task may call back into this gate.
            for watcher in ready.0 { watcher.continuation.resume() }
            ready.1?.resume()
        }
    }

    /// For the test: returns once at least `count` callers have reached the gate.
    public func arrivals(_ count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.arrived >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// For the test: lets every waiting caller through, and every later one at once.
    public func open() {
        let held = state.withLock { state in
            state.isOpen = true
            defer { state.held.removeAll() }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }
}
