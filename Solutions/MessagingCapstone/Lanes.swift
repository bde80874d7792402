import Command
import Foundation
import MessagingKit
import State
import Synchronization

/// What each of the client's connections carries beside the pool's handles: its lifecycle and
/// its outbox, found by the connection's identity.
///
/// Why not in the pool: the pool shares connections and counts who uses them, and knows nothing
/// of lifecycles or outboxes. Why not in each chat: the outbox belongs to the connection, so
/// every chat on it queues behind the others, in one order.
final class Lanes: Sendable {
    /// One connection's lifecycle and the outbox over it.
    struct Lane: Sendable {
        let lifecycle: ManagedConnection
        let outbox: OfflineOutbox
    }

    private let lanes = Mutex<[UUID: Lane]>([:])

    /// Gives `lifecycle` an outbox, until it is released.
    func open(for lifecycle: ManagedConnection) throws {
        let outbox = try OfflineOutbox(connection: lifecycle)
        let id = lifecycle.id
        lanes.withLock { $0[id] = Lane(lifecycle: lifecycle, outbox: outbox) }
        // Why forget it at release: a released connection never sends again, so what its outbox
        // still holds can never go out (the outbox cancels it), and nothing may keep the
        // connection alive.
        lifecycle.observe { [weak self] change in
            guard change.to == .released else { return }
            _ = self?.lanes.withLock { $0.removeValue(forKey: id) }
        }
    }

    /// The lane of the connection `id`, until it is released.
    func lane(for id: UUID) -> Lane? {
        lanes.withLock { $0[id] }
    }
}
