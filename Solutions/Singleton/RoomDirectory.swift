import Foundation
import MessagingKit

/// The actor that the app's chat-wide state runs on: one serial executor, for the app's life.
///
/// The attribute names an isolation domain; behind it is one actor, `shared`, and everything
/// marked `@MessagingActor` runs on it, one job at a time.
@globalActor
public actor MessagingActor {
    /// The one actor behind `@MessagingActor`.
    public static let shared = MessagingActor()
}

/// One handle per chat room, shared by the app-wide features that follow a room (the unread
/// badge, the notification handler, the widget): they all use one handle, not one each.
///
/// Role: **Shared instance** with state: ``shared`` is one directory (a `static let`, as in step
/// 2), and its state is isolated by a global actor, Swift's native way to protect it. The state
/// is a plain dictionary with no lock: `@MessagingActor` makes the class `Sendable` by
/// isolation, so only one caller at a time touches the dictionary.
///
/// - Note: Why the actor doesn't make it a bottleneck: a call gives the actor up at each
///   `await`. While one room's handle is on its way, a caller for another room runs. The price
///   is reentrancy: after an `await`, the dictionary may have changed. So the directory keeps
///   the *request*, a `Task`, before it awaits: a second caller for the same room finds it and
///   waits for the same handle instead of asking again.
@MessagingActor
public final class RoomDirectory {
    /// The directory the app uses, over the app's manager.
    public static let shared = RoomDirectory(manager: .shared)

    private let manager: ConnectionManager
    // Why tasks, not handles: a handle on its way must be found by the next caller too.
    private var requests: [URL: Task<any ConnectionHandling, any Error>] = [:]

    /// Creates a directory that gets its handles from `manager`.
    nonisolated public init(manager: ConnectionManager) {
        self.manager = manager
    }

    /// The room's one handle: made by the manager the first time anyone asks, the same handle
    /// for everyone after.
    ///
    /// - Throws: the manager's error, unchanged, to every caller waiting for that request. A
    ///   refusal isn't kept: the next call asks again.
    public func handle(for url: URL) async throws -> any ConnectionHandling {
        if let request = requests[url] { return try await request.value }
        let request = Task { [manager] in try await manager.makeHandle(for: url) }
        // Why store before awaiting: the `await` below gives the actor up, and a caller that
        // arrives meanwhile must find this request, not start its own.
        requests[url] = request
        do {
            return try await request.value
        } catch {
            // Why compare: while this caller waited, another may have failed first and a third
            // started a new request. Only this request's entry is this caller's to remove.
            if requests[url] == request { requests[url] = nil }
            throw error
        }
    }
}
