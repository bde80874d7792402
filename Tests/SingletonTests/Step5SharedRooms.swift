import Foundation
import KataTestSupport
import MessagingKit
import Singleton
import Synchronization
import Testing

/// What the tests' pool throws for a room it refuses: an error the directory has never heard of.
private struct RoomClosed: Error, Equatable {}

/// A pool of the tests' own: it logs every URL asked for, holds a room's requests at a gate,
/// lets one room's request open another room's gate, and refuses a room's next request when
/// told to.
private final class GatedPool: ConnectionPooling {
    private struct Plan {
        var requests: [URL] = []
        var gates: [URL: Gate] = [:]
        var opens: [URL: Gate] = [:]
        var refusals: [URL: RoomClosed] = [:]
        var openedBy: URL?
    }

    private let inner = InMemoryConnectionPool()
    private let plan = Mutex(Plan())

    /// Every URL asked for, oldest first.
    var requests: [URL] { plan.withLock { $0.requests } }

    /// The URL whose request opened a gate that was still closed (see ``whenAsked(for:open:)``).
    var openedBy: URL? { plan.withLock { $0.openedBy } }

    /// A gate that holds every request for `url` until the test opens it.
    func hold(_ url: URL) -> Gate {
        let gate = Gate()
        plan.withLock { $0.gates[url] = gate }
        return gate
    }

    /// Opens `gate` as soon as `url` is asked for.
    func whenAsked(for url: URL, open gate: Gate) {
        plan.withLock { $0.opens[url] = gate }
    }

    /// Refuses the next request for `url` (after its gate), with ``RoomClosed``.
    func refuseNext(_ url: URL) {
        plan.withLock { $0.refusals[url] = RoomClosed() }
    }

    func makeHandle(for url: URL) async throws -> InMemoryConnectionPool.Handle {
        let (gate, opens, refusal) = plan.withLock { plan in
            plan.requests.append(url)
            if let opens = plan.opens[url], !opens.isOpen { plan.openedBy = url }
            return (plan.gates[url], plan.opens[url], plan.refusals.removeValue(forKey: url))
        }
        opens?.open()
        await gate?.pass()
        if let refusal { throw refusal }
        return try await inner.makeHandle(for: url)
    }
}

@Suite(
    "Singleton · Step 5 — One handle per room, on a global actor", .tags(.messaging),
    .timeLimit(.minutes(1)), .noEscapeHatches("Singleton", rule: "1.10"))
struct Step5SharedRooms {
    let chat: URL
    let support: URL
    /// On a host of its own: a directory that keyed rooms by host would otherwise find the
    /// lobby's handle for every room, and wait at no gate.
    let lobby: URL

    init() throws {
        chat = try url("wss://chat.example.com/rooms/general")
        support = try url("wss://chat.example.com/support")
        lobby = try url("wss://lobby.example.org/rooms/lobby")
    }

    /// A directory over `pool`, checked to ask its manager: the tests that hold a request at a
    /// gate would otherwise wait for a request that never comes.
    private func directory(over pool: GatedPool) async throws -> RoomDirectory {
        let directory = RoomDirectory(manager: ConnectionManager(pool: pool))
        _ = try await directory.handle(for: lobby)
        try #require(
            pool.requests == [lobby], "The directory gets a room's handle from the manager given to init")
        return directory
    }

    @Test(
        "shared is one directory over ConnectionManager.shared, a stored static let in RoomDirectory.swift [5.1]"
    )
    func sharedIsOneDirectory() async throws {
        // The one test that reads RoomDirectory.shared, and the first read is made while a test
        // manager is bound: shared is over ConnectionManager.shared all the same.
        let pool = GatedPool()
        let bound = ConnectionManager(pool: pool)
        let first = await ConnectionManager.withCurrent(bound) { await RoomDirectory.shared }
        let second = await RoomDirectory.shared
        #expect(first === second, "Every read of shared is the same directory")
        _ = try await first.handle(for: chat)
        #expect(
            pool.requests.isEmpty,
            "shared is over ConnectionManager.shared, whatever manager was bound when it was first read")
        let declarations = try LearnerSource.staticLets(named: "shared").filter {
            $0.contains("RoomDirectory.swift")
        }
        #expect(
            declarations.count == 2,
            "RoomDirectory.swift declares two stored `static let shared`: the actor's, and the directory's, which Swift makes once: \(declarations)"
        )
    }

    /// A directory over `pool`, and two callers for the chat room.
    ///
    /// The first caller's request is held at `gate`, and the second comes while it is held. The
    /// gate is open when they are returned.
    private func twoCallers(over pool: GatedPool, heldAt gate: Gate) async throws -> (
        directory: RoomDirectory, first: Task<any ConnectionHandling, any Error>,
        second: Task<any ConnectionHandling, any Error>
    ) {
        let directory = try await directory(over: pool)
        let first = Task { try await directory.handle(for: chat) }
        await gate.arrivals(1)
        let second = Task { @MessagingActor in try await directory.handle(for: chat) }
        // A job queued on the actor after the second caller's runs after it: by then the second
        // caller is inside the directory, waiting, while the first request is still held.
        await Task { @MessagingActor in }.value
        gate.open()
        return (directory, first, second)
    }

    @Test(
        "A room's first caller has the manager make its handle; every later caller gets that same handle; each room has its own [5.2]"
    )
    func oneHandlePerRoom() async throws {
        let pool = GatedPool()
        let directory = RoomDirectory(manager: ConnectionManager(pool: pool))
        let first = try await directory.handle(for: chat)
        let again = try await directory.handle(for: chat)
        let other = try await directory.handle(for: support)
        #expect(first === again, "The second caller for the room gets the first caller's handle")
        #expect(first !== other, "Another room gets a handle of its own")
        #expect(first.url == chat && other.url == support, "Each handle is for its room")
        #expect(pool.requests == [chat, support], "The manager was asked once per room, through the pool")
    }

    @Test(
        "A caller that arrives while the room's handle is on its way waits for that one: the manager is asked once [5.3]"
    )
    func latecomerWaitsForTheSameRequest() async throws {
        let pool = GatedPool()
        let gate = pool.hold(chat)
        let (_, first, second) = try await twoCallers(over: pool, heldAt: gate)
        let (a, b) = (try await first.value, try await second.value)
        #expect(a === b, "Both callers get the one handle made for the room")
        #expect(
            pool.requests.dropFirst() == [chat],
            "The manager was asked once, though the second caller came mid-request")
    }

    @Test(
        "A slow request for one room holds up no caller for another: the slow one is let go only once the other room's request reaches the pool [5.4]"
    )
    func slowRoomHoldsUpNobody() async throws {
        let pool = GatedPool()
        let gate = pool.hold(chat)
        pool.whenAsked(for: support, open: gate)
        let directory = try await directory(over: pool)
        let slow = Task { try await directory.handle(for: chat) }
        await gate.arrivals(1)
        // A directory that made the next caller wait for the slow room would wait forever: the
        // slow room waits for it. Only then, after five seconds, does this let the slow room go.
        let rescue = Task {
            try await Task.sleep(for: .seconds(5))
            gate.open()
        }
        defer { rescue.cancel() }
        let quick = try await directory.handle(for: support)
        #expect(
            pool.openedBy == support,
            "The other room's request reached the pool while the slow room's was still held: nobody waited for it"
        )
        #expect(quick.url == support, "The other room got its handle")
        #expect(try await slow.value.url == chat, "The slow room's handle came after")
        #expect(pool.requests.dropFirst() == [chat, support])
    }

    @Test(
        "A refused request: every caller waiting for it gets the manager's error, unchanged, and the next call asks again; other rooms keep their handles [5.2, 5.5]"
    )
    func refusalIsNotKept() async throws {
        let pool = GatedPool()
        let gate = pool.hold(chat)
        pool.refuseNext(chat)
        let (directory, first, second) = try await twoCallers(over: pool, heldAt: gate)
        for caller in [first, second] {
            await #expect(throws: RoomClosed(), "Each caller waiting for the refused request gets its error")
            {
                try await caller.value
            }
        }
        #expect(pool.requests.dropFirst() == [chat], "Both callers waited for the one request")
        let retried = try await directory.handle(for: chat)
        #expect(retried.url == chat, "Asked again, the room gets its handle")
        #expect(
            pool.requests.dropFirst() == [chat, chat], "The refusal wasn't kept: the next call asked again")
        _ = try await directory.handle(for: lobby)
        #expect(
            pool.requests.filter { $0 == lobby }.count == 1,
            "One room's refusal leaves the other rooms alone: the lobby's handle is still the one made first")
    }
}
