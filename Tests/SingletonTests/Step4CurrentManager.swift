import Foundation
import KataTestSupport
import MessagingKit
import Singleton
import Testing

/// Feature code as the app writes it: it reads `ConnectionManager.current`, never `shared`.
func openSupportChat() async throws -> any ConnectionHandling {
    try await ConnectionManager.current.makeHandle(for: try url("wss://chat.example.com/support"))
}

@Suite(
    "Singleton · Step 4 — Code that reads the manager, under test", .tags(.messaging),
    .noEscapeHatches("Singleton", rule: "1.10"))
struct Step4CurrentManager {
    @Test(
        "current is shared until a task binds another; withCurrent binds it for its operation and gives back its result [4.1, 4.2]"
    )
    func bindsForTheOperation() async throws {
        // The one test that sets the app's launch slot: `current` doesn't read it.
        _ = try? ConnectionManager.launch.set(ConnectionManager(pool: InMemoryConnectionPool()))
        #expect(
            ConnectionManager.current === ConnectionManager.shared,
            "Nothing bound: shared, even once start-up set the launch manager")
        let pool = InMemoryConnectionPool()
        let manager = ConnectionManager(pool: pool)
        let handle = try await ConnectionManager.withCurrent(manager) {
            #expect(ConnectionManager.current === manager, "Inside withCurrent, the manager bound")
            return try await openSupportChat()
        }
        #expect(await pool.requests.count == 1, "Feature code asked the bound manager's pool")
        #expect(handle.url.absoluteString == "wss://chat.example.com/support", "…and got its handle back")
        #expect(ConnectionManager.current === ConnectionManager.shared, "After withCurrent: shared again")

        await #expect(throws: SetOnceError.notSet, "What the operation throws comes out unchanged") {
            try await ConnectionManager.withCurrent(manager) { () async throws -> Int in
                throw SetOnceError.notSet
            }
        }
        #expect(ConnectionManager.current === ConnectionManager.shared, "…and the binding ends with it")
    }

    @Test("The tasks an operation starts see its manager; a detached task doesn't [4.2, 4.3]")
    func childTasksInherit() async throws {
        let manager = ConnectionManager(pool: InMemoryConnectionPool())
        let seen = await ConnectionManager.withCurrent(manager) {
            async let child = ConnectionManager.current
            let grouped = await withTaskGroup(of: ConnectionManager.self) { group in
                group.addTask { ConnectionManager.current }
                return await group.next()
            }
            let detached = await Task.detached { ConnectionManager.current }.value
            return (await child, grouped, detached)
        }
        #expect(seen.0 === manager, "async let sees the manager bound")
        #expect(seen.1 === manager, "A task group's task sees it too")
        #expect(seen.2 === ConnectionManager.shared, "A detached task starts afresh: shared")
    }

    @Test("Two tasks that bind two managers at once each see only their own, even while one waits [4.3]")
    func bindingsBelongToTheirTask() async throws {
        let first = ConnectionManager(pool: InMemoryConnectionPool())
        let second = ConnectionManager(pool: InMemoryConnectionPool())
        let bound = Gate()
        bound.open()  // only counts the arrival: the first task goes on to wait at `go`
        let go = Gate()
        let read = Gate()
        let slow = Task {
            await ConnectionManager.withCurrent(first) {
                await bound.pass()
                await go.pass()
                let seen = ConnectionManager.current
                await read.pass()
                return seen
            }
        }
        await bound.arrivals(1)
        let fast = await ConnectionManager.withCurrent(second) {
            go.open()
            // The first task reads `current` now, while this one's binding holds.
            await read.arrivals(1)
            return ConnectionManager.current
        }
        read.open()
        #expect(fast === second, "The second task sees its own manager")
        #expect(
            await slow.value === first,
            "The first task, reading while the second's binding held, still sees its own")
        #expect(ConnectionManager.current === ConnectionManager.shared, "The test's own task bound nothing")
    }

    @Test("Bindings nest: the inner one wins inside it, and the outer comes back after [4.4]")
    func bindingsNest() async throws {
        let outer = ConnectionManager(pool: InMemoryConnectionPool())
        let inner = ConnectionManager(pool: InMemoryConnectionPool())
        let seen = await ConnectionManager.withCurrent(outer) {
            let before = ConnectionManager.current
            let during = await ConnectionManager.withCurrent(inner) { ConnectionManager.current }
            return (before, during, ConnectionManager.current)
        }
        #expect(seen.0 === outer && seen.2 === outer, "The outer binding, before and after the inner")
        #expect(seen.1 === inner, "The inner binding, inside it")
        let app = await ConnectionManager.withCurrent(outer) {
            await ConnectionManager.withCurrent(ConnectionManager.shared) { ConnectionManager.current }
        }
        #expect(app === ConnectionManager.shared, "Binding shared inside another binding wins too")
    }
}
