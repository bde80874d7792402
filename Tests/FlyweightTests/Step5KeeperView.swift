import Flyweight
import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite(
    "Flyweight · Step 5 — The keeper's view of the pool", .tags(.messaging),
    .noEscapeHatches("Flyweight", rule: "1.4"))
struct Step5KeeperView {
    @Test(
        "The keeper's view shows each pooled connection once, the factory's own, with whether an open handle uses it [5.1, 5.2]"
    )
    func contents() async throws {
        let (pool, factory) = pool()
        let view: any KeeperPool = pool.keeperView
        let chat = try url("wss://chat.example.com/room")
        let inbox = try url("wss://inbox.example.com/room")
        let handles = [try await pool.makeHandle(for: chat), try await pool.makeHandle(for: chat)]
        var inboxHandle: ConnectionHandle? = try await pool.makeHandle(for: inbox)
        var shown = await view.contents()
        #expect(shown.count == 2, "Once per connection, not once per handle")
        #expect(shown.contains { $0.connection === (try? factory.socket(for: chat)) && $0.isInUse })
        inboxHandle?.close()
        shown = await view.contents()
        #expect(
            shown.contains { $0.connection === (try? factory.socket(for: inbox)) && !$0.isInUse },
            "Closed: not in use")
        handles[0].close()
        inboxHandle = try await pool.makeHandle(for: inbox)
        inboxHandle = nil
        shown = await view.contents()
        #expect(
            shown.contains { $0.connection === (try? factory.socket(for: chat)) && $0.isInUse },
            "One handle still open")
        #expect(
            shown.contains { $0.connection === (try? factory.socket(for: inbox)) && !$0.isInUse },
            "A handle nobody holds counts as closed")
        withExtendedLifetime(handles) {}
    }

    @Test(
        "releaseIfUnused releases an unused connection once and forgets it; the next handle gets a new one [5.3]"
    )
    func releases() async throws {
        let (pool, factory) = pool()
        let view = pool.keeperView
        let chat = try url("wss://chat.example.com/room")
        let handle = try await pool.makeHandle(for: chat)
        let socket = try factory.socket(for: chat)
        #expect(try await view.releaseIfUnused(socket) == false, "In use now: nothing changes")
        #expect(socket.releaseCalls == 0)
        handle.close()
        #expect(try await view.releaseIfUnused(socket) == true)
        #expect(socket.releaseCalls == 1)
        #expect(await pool.count == 0)
        #expect(
            try await view.releaseIfUnused(socket) == false, "Forgotten: the pool doesn't hold it any more")
        let next = try await pool.makeHandle(for: chat)
        #expect(next.connectionID != socket.id, "A new connection from the factory")
        #expect(factory.made(for: chat) == 2)
    }

    @Test(
        "It goes by identity, under the URL pooled: another object with the same id, or an old snapshot, changes nothing [5.3]"
    )
    func byIdentity() async throws {
        let (pool, factory) = pool(normalizing: true)
        let view = pool.keeperView
        let chat = try url("WSS://Chat.Example.com/room")
        try await pool.makeHandle(for: chat).close()
        let old = try factory.socket(for: chat)
        let stranger = Stranger(wearing: old)
        #expect(try await view.releaseIfUnused(stranger) == false, "Same id, same url: another object")
        #expect(old.releaseCalls == 0)
        #expect(try await view.releaseIfUnused(old) == true, "Found though the factory normalised its url")
        try await pool.makeHandle(for: chat).close()
        #expect(
            try await view.releaseIfUnused(old) == false, "An old snapshot's connection: the new one stays")
        #expect(await pool.count == 1)
    }

    @Test(
        "A release and a new handle racing, again and again: a released connection is never handed out [5.3]")
    func releaseRacesANewHandle() async throws {
        let (calm, calmFactory) = pool()
        try await calm.makeHandle(for: try url("wss://chat.example.com/room")).close()
        try #require(
            try await calm.keeperView.releaseIfUnused(
                try calmFactory.socket(for: try url("wss://chat.example.com/room")))
                == true, "With nobody racing, an unused connection is released")
        for _ in 0..<60 {
            let (pool, factory) = pool()
            let view = pool.keeperView
            let chat = try url("wss://chat.example.com/room")
            try await pool.makeHandle(for: chat).close()
            let old = try factory.socket(for: chat)
            async let released = view.releaseIfUnused(old)
            async let handle = pool.makeHandle(for: chat)
            let (wasReleased, newHandle) = try await (released, handle)
            if wasReleased && newHandle.connectionID == old.id {
                Issue.record(
                    "The keeper released the connection a screen was just handed: check that it is unused and release it in one actor call, with no await between"
                )
                return
            }
        }
    }

    @Test("A refused release reaches the keeper unchanged, once, and the pool keeps the connection [5.4]")
    func refusedRelease() async throws {
        let (pool, factory) = pool()
        let view = pool.keeperView
        let chat = try url("wss://chat.example.com/room")
        try await pool.makeHandle(for: chat).close()
        let socket = try factory.socket(for: chat)
        socket.refuseRelease(with: Refused(reason: "busy"))
        await #expect(throws: Refused(reason: "busy")) { try await view.releaseIfUnused(socket) }
        #expect(socket.releaseCalls == 1)
        #expect(await pool.count == 1)
        socket.refuseRelease(with: nil)
        #expect(try await view.releaseIfUnused(socket) == true)
    }

    @Test(
        "Random lives of handles, servers, drops and keeper passes agree with the rules [4.1, 4.3, 4.5, 4.6, 5.2, 5.3]"
    )
    func randomLives() async throws {
        let check = ModelCheck<PoolModel.Step>(
            sequences: 100, length: 1...16
        ) { random in PoolModel.Step.random(using: &random) }
        let failure = try await check.run { life in try await PoolModel.disagreement(living: life) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
