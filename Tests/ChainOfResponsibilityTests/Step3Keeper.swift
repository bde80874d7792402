import ChainOfResponsibility
import MessagingKit
import Synchronization
import Testing

@Suite("Chain of Responsibility · Step 3 — The connection keeper", .tags(.messaging))
struct Step3Keeper {
    @Test(
        "Each rule says it can handle exactly its own cases, and asking changes nothing",
        arguments: keeperTable)
    func predicates(row: KeeperCase) {
        let connection = FakeConnection(row.status)
        let pooled = PooledConnection(connection: connection, isInUse: row.isInUse)
        #expect(
            ReconnectHandler().canHandle(pooled) == (row.action == .connect),
            "ReconnectHandler: in use and idle or disconnected, nothing else (\(row.testDescription), step 3)"
        )
        #expect(
            IdleDisconnectHandler().canHandle(pooled) == (row.action == .disconnect),
            "IdleDisconnectHandler: not in use and connected, nothing else (\(row.testDescription), step 3)")
        #expect(
            ReleaseHandler().canHandle(pooled) == (row.action == .release),
            "ReleaseHandler: not in use and disconnected, nothing else (\(row.testDescription), step 3)")
        #expect(connection.asked.isEmpty, "canHandle only looks; it never acts (step 3)")
    }

    @Test("One pass of the standard keeper does what the table says", arguments: keeperTable)
    func wholeTable(row: KeeperCase) async {
        let connection = FakeConnection(row.status)
        let bystander = FakeConnection(.connected)
        let pool = FakePool([
            PooledConnection(connection: connection, isInUse: row.isInUse),
            PooledConnection(connection: bystander, isInUse: false),
        ])
        let failures = await ConnectionKeeper(pool: pool).pass()
        #expect(failures.isEmpty, "Nothing in the table is refused (\(row.testDescription), step 3)")
        #expect(
            connection.asked == (row.action.map { [$0] } ?? []),
            "\(row.testDescription), and the chain stops at the first rule that acts (step 3)")
        #expect(
            await pool.holds(connection) == (row.action != .release),
            "The pool forgets a connection exactly when it is released (\(row.testDescription), step 3)")
        #expect(bystander.asked == [.disconnect], "Every connection of the pool is looked after (step 3)")
    }

    @Test("One pass over a pool in mixed states looks after every connection, and releases for real")
    func mixedPool() async throws {
        let connections = keeperTable.map { FakeConnection($0.status) }
        let pool = FakePool(
            zip(keeperTable, connections).map { PooledConnection(connection: $1, isInUse: $0.isInUse) })
        await ConnectionKeeper(pool: pool).pass()
        for (row, connection) in zip(keeperTable, connections) {
            #expect(connection.asked == (row.action.map { [$0] } ?? []), "\(row.testDescription) (step 3)")
        }
        let released = try #require(
            zip(keeperTable, connections).first { $0.0.action == .release }?.1)
        #expect(released.isReleased, "The release rule releases; it doesn't just disconnect (step 3)")
        #expect(
            await pool.removed == [ObjectIdentifier(released)],
            "The pool forgets the released one only (step 3)")
        #expect(await pool.contents().count == keeperTable.count - 1, "The others stay pooled (step 3)")
    }

    @Test("The first rule that can handle a connection acts; no later rule is even asked")
    func firstMatchStopsTheChain() async {
        let declines = CountingHandler { _ in false }
        let takes = CountingHandler { _ in true }
        let later = CountingHandler { _ in true }
        let connection = FakeConnection(.disconnected)
        let pool = FakePool([PooledConnection(connection: connection, isInUse: false)])
        await ConnectionKeeper(pool: pool, handlers: [declines, takes, later]).pass()
        #expect(declines.asked == 1 && declines.handled == 0, "A rule that says no is skipped (step 3)")
        #expect(takes.asked == 1 && takes.handled == 1, "The first rule that says yes acts, once (step 3)")
        #expect(later.asked == 0 && later.handled == 0, "After a rule acts, no later rule is asked (step 3)")
    }

    @Test("A rule declared in the tests goes in front of the standard ones, which don't change")
    func ruleInFront() async {
        // While the server is down for maintenance, leave connections in use alone.
        let maintenance = CountingHandler { $0.isInUse }
        let used = FakeConnection(.disconnected)
        let idle = FakeConnection(.connected)
        let pool = FakePool([
            PooledConnection(connection: used, isInUse: true),
            PooledConnection(connection: idle, isInUse: false),
        ])
        await ConnectionKeeper(pool: pool, handlers: [maintenance] + ConnectionKeeper.standardHandlers).pass()
        #expect(maintenance.handled == 1, "The new rule takes the connection in use (step 3)")
        #expect(used.asked.isEmpty, "So the reconnect rule never touches it (step 3)")
        #expect(idle.asked == [.disconnect], "The standard rules still look after the rest (step 3)")
    }

    @Test("A refused operation is reported; the pool keeps that connection and the pass goes on")
    func refusalsDontStopThePass() async {
        let stubborn = FakeConnection(.disconnected, refusesEverything: true)
        let idle = FakeConnection(.connected)
        let pool = FakePool([
            PooledConnection(connection: stubborn, isInUse: false),
            PooledConnection(connection: idle, isInUse: false),
        ])
        let failures = await ConnectionKeeper(pool: pool).pass()
        #expect(
            failures.map { $0 as? Refused } == [Refused(operation: .release, status: .disconnected)],
            "pass() returns each connection's error, unchanged (step 3)")
        #expect(await pool.holds(stubborn), "A connection that refused to be released stays pooled (step 3)")
        #expect(idle.asked == [.disconnect], "The next connection is still looked after (step 3)")
    }
}

/// Whether a task's work has ended; set once.
private final class EndFlag: Sendable {
    private let ended = Atomic(false)
    func set() { ended.store(true, ordering: .releasing) }
    var isSet: Bool { ended.load(ordering: .acquiring) }
}

extension Step3Keeper {
    @Test("The keeper passes once every interval of its clock, never sooner, and stops when cancelled")
    func pollsOnTheClock() async throws {
        let clock = ManualClock()
        let pool = FakePool([PooledConnection(connection: FakeConnection(.connected), isInUse: false)])
        let counter = CountingHandler { _ in false }
        let keeper = ConnectionKeeper(pool: pool, handlers: [counter])
        let returned = EndFlag()
        let running = Task {
            await keeper.run(every: .seconds(30), on: clock)
            returned.set()
            // Why sleep here: so that waiting for a sleeper never hangs, even when `run`
            // returned at once. The flag tells the two apart.
            try? await clock.sleep(for: .seconds(1_000_000))
        }
        defer { running.cancel() }

        try await clock.waitForSleepers()
        try #require(!returned.isSet, "run(every:on:) waits on the clock; it doesn't return (step 3)")
        #expect(counter.asked == 0, "No pass before the first interval is over (step 3)")
        clock.advance(by: .seconds(29))
        try await clock.waitForSleepers()
        #expect(counter.asked == 0, "29 s into a 30 s interval, still no pass (step 3)")
        clock.advance(by: .seconds(1))
        try await clock.waitForSleepers()
        try #require(!returned.isSet, "After a pass, the keeper waits for the next interval (step 3)")
        #expect(counter.asked == 1, "One pass when the interval is over, then it waits again (step 3)")
        clock.advance(by: .seconds(60))
        try await clock.waitForSleepers()
        #expect(counter.asked == 2, "A late clock gives one pass per wake-up, not a burst (step 3)")

        running.cancel()
        await running.value
        #expect(returned.isSet, "Cancelled, run(every:on:) returns (step 3)")
        #expect(clock.sleeperCount == 0, "Cancelled, the keeper stops polling (step 3)")
    }
}
