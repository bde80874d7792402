import Flyweight
import Foundation
import KataTestSupport
import MessagingKit
import Testing

// A connection keeper's two moves, declared here, in the tests. Like the Chain of Responsibility
// kata's keeper, they know only MessagingKit's `KeeperPool` role, never `ConnectionPool`: the
// pool must keep that role's promise for a keeper it has never heard of.

/// What a keeper sees in `pool`: each pooled connection's id, with whether it is in use.
private func inUseFlags(in pool: any KeeperPool) async -> [UUID: Bool] {
    var flags: [UUID: Bool] = [:]
    for pooled in await pool.contents() {
        flags[pooled.connection.id] = pooled.isInUse
    }
    return flags
}

/// The keeper's last rule: have the pool release and forget every connection nobody uses.
///
/// - Returns: the ids of the connections the pool released.
private func releaseIdle(in pool: any KeeperPool) async throws -> [UUID] {
    var released: [UUID] = []
    for pooled in await pool.contents() where !pooled.isInUse {
        if try await pool.releaseIfUnused(pooled.connection) { released.append(pooled.connection.id) }
    }
    return released
}

@Suite("Flyweight · Step 4 — Show the keeper the pool, and forget what it releases", .tags(.messaging))
struct Step4KeeperPool {
    let factory = CountingFactory()
    let pool: ConnectionPool

    init() {
        pool = ConnectionPool(factory: factory)
    }

    @Test(
        "The keeper sees every pooled connection once, the one the factory made, and whether it is in use [4.1, 1.7]"
    )
    func keeperSeesConnectionsAndFlags() async throws {
        let hatches = try EscapeHatches.findings(inPattern: "Flyweight")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 4))")
        let chat = try url("wss://chat.example.com/socket")
        let support = try url("wss://support.example.com/socket")
        let orders = try url("wss://orders.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        try await pool.makeHandle(for: chat).close()
        try await pool.makeHandle(for: support).close()
        var tracker: ConnectionHandle? = try await pool.makeHandle(for: orders)
        #expect(tracker?.isOpen == true, "A new handle is open (rule 4.1)")
        tracker = nil  // The tracker goes away without calling close().

        let contents = await pool.contents()
        #expect(
            contents.count == 3, "One entry per pooled connection, however many handles it had (rule 4.1)")
        for address in [chat, support, orders] {
            let made = try factory.connection(for: address)
            #expect(
                contents.filter { $0.connection === made }.count == 1,
                "\(address): the keeper sees the very connection the factory made, once (rule 4.1)")
        }
        let flags = await inUseFlags(in: pool)
        #expect(
            flags[screen.connectionID] == true,
            "chat: one of its handles is open, so it is in use, whichever others were closed (rule 4.1)")
        #expect(
            flags[try factory.connection(for: support).id] == false,
            "support: its only handle is closed, so it is not in use (rule 4.1)")
        #expect(
            flags[try factory.connection(for: orders).id] == false,
            "orders: nobody holds its handle any more, so it is not in use (rule 4.1)")

        screen.close()
        #expect(
            await inUseFlags(in: pool)[screen.connectionID] == false,
            "Once its last handle closes, the keeper sees chat as not in use (rule 4.1)")
    }

    @Test(
        "After the keeper releases and removes a connection, the next handle for its URL is on a new one, even when the factory normalised the URL [4.2, 4.3]"
    )
    func removedURLGetsNewConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let support = try url("wss://support.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let old = try await pool.makeHandle(for: support)
        old.close()
        let oldConnection = try factory.connection(for: support)

        let released = try await releaseIdle(in: pool)
        #expect(released == [old.connectionID], "The keeper released support, the one nobody uses (rule 4.2)")
        #expect(await pool.count == 1, "The pool forgot it; chat's connection stays (rule 4.2)")

        let fresh = try await pool.makeHandle(for: support)
        #expect(
            fresh.connectionID != old.connectionID,
            "A removed connection is never handed out again (rule 4.2)")
        #expect(
            factory.connectionsMade(for: support) == 2, "The factory is asked again after a remove (rule 4.2)"
        )
        #expect(
            fresh.connectionID == (try factory.connection(for: support)).id,
            "…and the new handle is on the connection it made (rule 4.2)")
        #expect(oldConnection.status == .disconnected, "The released connection stays closed (rule 4.2)")
        #expect(
            try await pool.makeHandle(for: chat).connectionID == screen.connectionID,
            "chat, in use, was left alone: its next handle is on the same connection (rule 4.3)")

        // A factory may normalise the URL: the pool forgets the connection under the URL it was
        // asked for, whatever the connection's own url.
        let normalizing = CountingFactory(normalizing: true)
        let shouting = try url("WSS://Chat.example.com/Room?ID=A")
        let otherPool = ConnectionPool(factory: normalizing)
        let first = try await otherPool.makeHandle(for: shouting)
        first.close()
        try #require(
            try normalizing.connection(for: shouting).url != shouting,
            "The test's factory connects to a URL other than the one asked for (test setup)")
        #expect(
            try await releaseIdle(in: otherPool) == [first.connectionID],
            "The keeper released the connection nobody uses (rule 4.2)")
        #expect(
            await otherPool.count == 0,
            "…and the pool forgot it, under the URL it was asked for, not the connection's own url (rule 4.2)"
        )
        let again = try await otherPool.makeHandle(for: shouting)
        #expect(
            again.connectionID != first.connectionID && normalizing.connectionsMade(for: shouting) == 2,
            "The next handle for that URL is on a new connection from the factory, not the released one (rule 4.2)"
        )
    }

    @Test(
        "releaseIfUnused matches by identity: a stale request leaves the URL's new connection pooled [4.1, 4.2, 4.4]"
    )
    func releaseByIdentity() async throws {
        let chat = try url("wss://chat.example.com/socket")
        try await pool.makeHandle(for: chat).close()
        let old = try #require(
            await pool.contents().first?.connection, "The pool shows its connection (rule 4.1)")

        #expect(try await pool.releaseIfUnused(old), "Nobody uses it: released and forgotten (rule 4.2)")
        #expect(
            try factory.connection(withID: old.id).releaseCount == 1, "…released once, for real (rule 4.2)")
        let fresh = try await pool.makeHandle(for: chat)
        try #require(fresh.connectionID != old.id, "After that, a new connection (rule 4.2)")
        fresh.close()

        // A keeper working from an old snapshot asks again; so does one that never pooled it.
        #expect(try await pool.releaseIfUnused(old) == false, "Already forgotten: nothing to do (rule 4.4)")
        #expect(
            try await pool.releaseIfUnused(RecordingConnection(url: chat)) == false,
            "Never pooled: nothing to do (rule 4.4)")
        #expect(await pool.count == 1, "Neither touched the URL's new connection (rule 4.4)")
        #expect(
            try factory.connection(withID: fresh.connectionID).releaseCount == 0,
            "…which matches by URL but is another object: it is not released (rule 4.4)")
        #expect(
            try factory.connection(withID: old.id).releaseCount == 1,
            "The old one is not released twice (rule 4.4)")
    }

    @Test(
        "A connection a handle is open on is left alone: not released, not forgotten, even when the factory normalised its URL [4.3]",
        arguments: [false, true])
    func inUseIsLeftAlone(normalizing: Bool) async throws {
        let factory = CountingFactory(normalizing: normalizing)
        let pool = ConnectionPool(factory: factory)
        let chat = try url(normalizing ? "WSS://Chat.Example.com/Socket" : "wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        try #require(
            try (factory.connection(for: chat).url != chat) == normalizing,
            "The normalising factory connects to another URL than the one asked for (test setup)")
        try accept(transport)
        let pooled = try #require(
            await pool.contents().first { $0.connection.id == screen.connectionID },
            "The keeper sees the connection the screen's handle is on (rule 4.3)")

        #expect(
            try await pool.releaseIfUnused(pooled.connection) == false,
            "A handle is open on it: the pool refuses to give it back (rule 4.3)")
        #expect(await pool.count == 1, "It stays pooled (rule 4.3)")
        #expect(transport.status == .connected, "…and connected: nothing touched it (rule 4.3)")
        #expect(
            try await pool.makeHandle(for: chat).connectionID == screen.connectionID,
            "The next handle is on the same connection (rule 4.3)")
        try screen.send(message())
        #expect(transport.sentEvents == [try message()], "…and the screen's handle still works (rule 4.3)")
    }

    @Test(
        "A look-alike that has the pooled connection's id is not the pooled connection: nothing is released [4.4]"
    )
    func lookAlikeIsNotThePooledConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        try await pool.makeHandle(for: chat).close()
        let pooled = try factory.connection(for: chat)
        let lookAlike = LookAlike(pooled)
        try #require(
            lookAlike.id == pooled.id, "The look-alike forwards the pooled connection's id (test setup)")

        #expect(
            try await pool.releaseIfUnused(lookAlike) == false,
            "Another object with the same id and URL is not the pooled connection: nothing to do (rule 4.4)")
        #expect(pooled.releaseAttempts == 0, "…the pooled connection is not released (rule 4.4)")
        #expect(await pool.count == 1, "…nor forgotten (rule 4.4)")
        #expect(
            try await pool.releaseIfUnused(pooled),
            "The pooled connection itself, nobody using it, is released when the keeper asks (rule 4.2)")
        #expect(pooled.releaseAttempts == 1, "…once (rule 4.2)")
    }

    @Test("A keeper that looked before a handle was opened can't take the connection from under it [4.3]")
    func handleOpenedSinceTheLook() async throws {
        let chat = try url("wss://chat.example.com/socket")
        try await pool.makeHandle(for: chat).close()
        let snapshot = await pool.contents()
        try #require(snapshot.first?.isInUse == false, "The keeper sees it unused (rule 4.3)")
        let screen = try await pool.makeHandle(for: chat)  // A screen arrives in between.

        let released = try await pool.releaseIfUnused(try #require(snapshot.first?.connection))
        #expect(!released, "In use again: the pool checks at the moment it releases, not before (rule 4.3)")
        #expect(
            try factory.connection(withID: screen.connectionID).releaseCount == 0,
            "The screen's connection is not released under it (rule 4.3)")
    }

    @Test(
        "A connection that refuses to be released stays pooled, and its error comes through unchanged, after one try [4.5]",
        arguments: releaseRefusals)
    func refusedReleaseStays(refusal: ReleaseRefusal) async throws {
        let chat = try url("wss://chat.example.com/socket")
        try await pool.makeHandle(for: chat).close()
        let connection = try factory.connection(for: chat)
        connection.refuseRelease(with: refusal.error(connection.url))

        var thrown: (any Error)?
        do {
            let released = try await pool.releaseIfUnused(connection)
            Issue.record("\(refusal): releaseIfUnused returned \(released) instead of throwing (rule 4.5)")
        } catch {
            thrown = error
        }
        #expect(
            thrown.map { refusal.isIt($0, connection.url) } == true,
            "\(refusal): the connection's own error reaches the keeper unchanged, not \(thrown.map { "\($0)" } ?? "nothing") (rule 4.5)"
        )
        #expect(
            connection.releaseAttempts == 1,
            "The keeper asked once, so the pool calls release() once, not again when it fails (rule 4.5)")
        #expect(await pool.count == 1, "Not released, so not forgotten: the next pass tries again (rule 4.5)")
        #expect(
            try await pool.makeHandle(for: chat).connectionID == connection.id,
            "…and it is still the URL's shared connection (rule 4.5)")
    }

    @Test("Handles opened and closed from many tasks leave one idle connection for the keeper [4.6]")
    func handlesFromManyTasks() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let pool = self.pool
        let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
            for _ in 0..<1_000 {
                group.addTask {
                    let handle = try await pool.makeHandle(for: chat)
                    handle.close()
                    return handle.connectionID
                }
            }
            return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(ids.count == 1, "Every task's handle is on the one shared connection (rule 4.6)")
        let flags = await inUseFlags(in: pool)
        #expect(
            flags == [ids.first ?? UUID(): false],
            "The keeper sees one connection, not in use: every handle was closed (rule 4.6)")
        #expect(try await releaseIdle(in: pool).count == 1, "…so it releases it (rule 4.6)")
        #expect(await pool.count == 0, "…and the pool is empty (rule 4.6)")
    }
}

/// An error a connection's `release()` may throw, and how to tell it from any other.
struct ReleaseRefusal: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let error: @Sendable (URL) -> any Error
    let isIt: @Sendable (any Error, URL) -> Bool
}

/// What `release()` may throw: every case of a managed connection's ``LifecycleError``, and an
/// error of a type the pool has never heard of.
let releaseRefusals: [ReleaseRefusal] = [
    ReleaseRefusal(
        testDescription: "LifecycleError.operationRefused",
        error: { _ in LifecycleError.operationRefused(.release, in: .connected) },
        isIt: { error, _ in (error as? LifecycleError) == .operationRefused(.release, in: .connected) }),
    ReleaseRefusal(
        testDescription: "LifecycleError.transitionRefused",
        error: { _ in LifecycleError.transitionRefused(from: .reconnecting, to: .released) },
        isIt: { error, _ in
            (error as? LifecycleError) == .transitionRefused(from: .reconnecting, to: .released)
        }),
    ReleaseRefusal(
        testDescription: "ReleaseRefused, a type the pool has never heard of",
        error: { ReleaseRefused(url: $0) },
        isIt: { error, url in (error as? ReleaseRefused) == ReleaseRefused(url: url) }),
]

/// A connection that wraps another and forwards everything to it, its id and URL included: it
/// looks like the wrapped connection, and is another object.
private final class LookAlike: Connection {
    private let wrapped: any Connection

    init(_ wrapped: any Connection) {
        self.wrapped = wrapped
    }

    var id: UUID { wrapped.id }
    var url: URL { wrapped.url }
    var status: TransportStatus { wrapped.status }
    func connect() throws { try wrapped.connect() }
    func disconnect() throws { try wrapped.disconnect() }
    func release() throws { try wrapped.release() }
    func send(_ event: Event) throws { try wrapped.send(event) }
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        wrapped.onStatusChange(handler)
    }
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        wrapped.onEvent(handler)
    }
}

/// An event for the tests to send.
private func message() throws -> Event {
    try Event("message", payload: ["text": "hello"])
}

extension Step4KeeperPool {
    @Test(
        "Random sequences with the keeper releasing at any moment agree with the brief's pool [1.1, 2.2, 2.10, 3.7, 4.2, 4.3]"
    )
    func randomSequencesWithTheKeeperAgreeWithTheModel() async throws {
        let check = ModelCheck<PoolModel.Operation>(
            rule: "4.2, 4.3 (the keeper releases what nobody uses, and only that)", sequences: 150,
            length: 1...14
        ) { random in PoolModel.operation(.withKeeper, using: &random) }
        let failure = try await check.run { operations in try await PoolRig.disagreement(operations) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
