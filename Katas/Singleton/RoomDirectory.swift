import Foundation
import MessagingKit

/// The actor that the app's chat-wide state runs on: one serial executor, for the app's life.
///
/// Given. The attribute names an isolation domain; behind it is one actor, `shared`, and
/// everything marked `@MessagingActor` runs on it, one job at a time.
@globalActor
public actor MessagingActor {
    /// The one actor behind `@MessagingActor`.
    public static let shared = MessagingActor()
}

/// One handle per chat room, shared by the app-wide features that follow a room (the unread
/// badge, the notification handler, the widget): they all use one handle, not one each.
///
/// `@MessagingActor` makes it `Sendable` by isolation: its state needs no lock.
@MessagingActor
public final class RoomDirectory {
    /// The directory the app uses, over the app's manager.
    public static var shared: RoomDirectory {
        // TODO: Step 5 — one directory for the app's lifetime (rule 5.1).
        RoomDirectory(manager: .shared)
    }

    /// Creates a directory that gets its handles from `manager`.
    nonisolated public init(manager: ConnectionManager) {
        // TODO: Step 5 — keep the manager (rule 5.2).
    }

    /// The room's one handle: made by the manager the first time anyone asks, the same handle
    /// for everyone after.
    ///
    /// - Throws: the manager's error, unchanged, to every caller waiting for that request. A
    ///   refusal isn't kept: the next call asks again.
    public func handle(for url: URL) async throws -> any ConnectionHandling {
        // TODO: Step 5 — one request per room, found by every caller, even one that arrives while
        //       it is on its way; no caller waits for another room (rules 5.2–5.5).
        // For now every feature opens a handle of its own, on a manager of its own.
        try await ConnectionManager(pool: InMemoryConnectionPool()).makeHandle(for: url)
    }
}
