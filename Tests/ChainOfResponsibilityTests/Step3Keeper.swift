import ChainOfResponsibility
import KataTestSupport
import MessagingKit
import Synchronization
import Testing

@Suite(
    "Chain of Responsibility · Step 3 — The connection keeper", .tags(.messaging),
    .noEscapeHatches("ChainOfResponsibility"))
struct Step3Keeper {
    @Test(
        "Each rule says it can handle exactly its own cases, and asking changes nothing [3.2, 3.3]",
        arguments: keeperTable)
    func predicates(row: KeeperCase) {
        let connection = FakeConnection(row.status)
        let pooled = PooledConnection(connection: connection, isInUse: row.isInUse)
        #expect(
            ReconnectHandler().canHandle(pooled) == (row.action == .connect),
            "ReconnectHandler: in use and idle or disconnected, nothing else (\(row.testDescription))"
        )
        #expect(
            IdleDisconnectHandler().canHandle(pooled) == (row.action == .disconnect),
            "IdleDisconnectHandler: not in use and connected, nothing else (\(row.testDescription))"
        )
        #expect(
            ReleaseHandler().canHandle(pooled) == (row.action == .release),
            "ReleaseHandler: not in use and disconnected, nothing else (\(row.testDescription))")
        #expect(connection.asked.isEmpty, "canHandle only looks; it never acts")
    }

    @Test(
        "One pass of the standard keeper does what the table says [3.1, 3.3, 3.4, 3.7, 3.8]",
        arguments: keeperTable)
    func wholeTable(row: KeeperCase) async {
        let connection = FakeConnection(row.status)
        let bystander = FakeConnection(.connected)
        let pool = FakePool([
            PooledConnection(connection: connection, isInUse: row.isInUse),
            PooledConnection(connection: bystander, isInUse: false),
        ])
        let failures = await ConnectionKeeper(pool: pool).pass()
        #expect(
            failures.isEmpty,
            "Nothing in the table is refused: pass() returns no error (\(row.testDescription))")
        #expect(
            connection.asked == (row.action.map { [$0] } ?? []),
            "\(row.testDescription), and the chain stops at the first rule that acts")
        #expect(
            await pool.holds(connection) == (row.action != .release),
            "The pool forgets a connection exactly when it is released (\(row.testDescription))")
        #expect(bystander.asked == [.disconnect], "Every connection of the pool is looked after")
    }

    @Test(
        "One pass over a pool in mixed states looks after every connection, and releases for real [3.1, 3.3, 3.4]"
    )
    func mixedPool() async throws {
        let connections = keeperTable.map { FakeConnection($0.status) }
        let pool = FakePool(
            zip(keeperTable, connections).map { PooledConnection(connection: $1, isInUse: $0.isInUse) })
        await ConnectionKeeper(pool: pool).pass()
        for (row, connection) in zip(keeperTable, connections) {
            #expect(
                connection.asked == (row.action.map { [$0] } ?? []), "\(row.testDescription)"
            )
        }
        let released = try #require(
            zip(keeperTable, connections).first { $0.0.action == .release }?.1)
        #expect(released.isReleased, "The release rule releases; it doesn't just disconnect")
        #expect(
            await pool.removed == [ObjectIdentifier(released)],
            "The pool forgets the released one only")
        #expect(await pool.contents().count == keeperTable.count - 1, "The others stay pooled")
    }

    @Test(
        "The first rule that can handle a connection acts; no later rule is even asked, though it throws [3.1, 3.6, 3.7]"
    )
    func firstMatchStopsTheChain() async {
        let declines = CountingHandler { _ in false }
        let takes = CountingHandler { _ in true }
        let later = CountingHandler { _ in true }
        let connection = FakeConnection(.disconnected)
        let pool = FakePool([PooledConnection(connection: connection, isInUse: false)])
        await ConnectionKeeper(pool: pool, handlers: [declines, takes, later]).pass()
        #expect(declines.asked == 1 && declines.handled == 0, "A rule that says no is skipped")
        #expect(takes.asked == 1 && takes.handled == 1, "The first rule that says yes acts, once")
        #expect(
            later.asked == 0 && later.handled == 0, "After a rule acts, no later rule is asked")

        let fails = ThrowingRule()
        let behind = CountingHandler { _ in true }
        let refused = FakePool([PooledConnection(connection: FakeConnection(.idle), isInUse: true)])
        let failures = await ConnectionKeeper(pool: refused, handlers: [fails, behind]).pass()
        #expect(
            failures.count == 1 && failures.allSatisfy { isSame($0, as: TestFailure(reason: "refused")) },
            "The rule that acted threw: pass() returns its error, unchanged")
        #expect(
            behind.asked == 0 && behind.handled == 0,
            "A rule that acted and threw still took the connection: no later rule is asked in this pass"
        )
    }

    @Test("A rule declared in the tests goes in front of the standard ones, which don't change [3.1, 3.8]")
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
        #expect(maintenance.handled == 1, "The new rule takes the connection in use")
        #expect(used.asked.isEmpty, "So the reconnect rule never touches it")
        #expect(idle.asked == [.disconnect], "The standard rules still look after the rest")
    }

    @Test(
        "A refused operation is reported, whatever the error; the pool keeps that connection and the pass goes on [3.6, 3.7]",
        arguments: connectionRefusals)
    func refusalsDontStopThePass(refusal: ConnectionRefusal) async {
        let stubborn = FakeConnection(.disconnected, refusesEverything: true, refusal: refusal.make)
        let idle = FakeConnection(.connected)
        let stuck = FakeConnection(.idle, refusesEverything: true, refusal: refusal.make)
        let clinging = FakeConnection(.connected, refusesEverything: true, refusal: refusal.make)
        let pool = FakePool([
            PooledConnection(connection: stubborn, isInUse: false),
            PooledConnection(connection: idle, isInUse: false),
            PooledConnection(connection: stuck, isInUse: true),
            PooledConnection(connection: clinging, isInUse: false),
        ])
        let failures = await ConnectionKeeper(pool: pool).pass()
        let expected = [
            refusal.make(.release, .disconnected), refusal.make(.connect, .idle),
            refusal.make(.disconnect, .connected),
        ]
        #expect(
            failures.count == expected.count && zip(failures, expected).allSatisfy { isSame($0, as: $1) },
            "pass() returns each connection's error (\(refusal)), unchanged, in pool order: a refused release, connect or disconnect alike, not \(failures)"
        )
        #expect(
            clinging.asked == [.disconnect],
            "A refused disconnect is asked once, and its refusal reported, not swallowed")
        #expect(
            await pool.holds(stubborn), "A connection that refused to be released stays pooled")
        #expect(
            stubborn.asked == [.release],
            "A refused release is tried once a pass, not again at once: the next pass tries again")
        #expect(idle.asked == [.disconnect], "The next connection is still looked after")
        #expect(stuck.asked == [.connect], "…and so is the one after it, refused or not")
    }

    @Test(
        "One connection at a time, in pool order: a rule that waits holds up the next, and its error still comes first [3.7, 3.12]",
        .timeLimit(.minutes(1)))
    func oneConnectionAtATime() async throws {
        let first = FakeConnection(.idle)
        let second = FakeConnection(.idle)
        let gate = Gate()
        let log = Recorder<String>()
        let rule = WaitingRule(waitsOn: first, at: gate, log: log)
        let pool = ListedPool([
            PooledConnection(connection: first, isInUse: true),
            PooledConnection(connection: second, isInUse: true),
        ])
        let keeper = ConnectionKeeper(pool: pool, handlers: [rule])
        let executor = ManualExecutor()
        let failures = Received<[any Error]>()
        let pass = Task(executorPreference: executor) { failures.set(await keeper.pass()) }
        executor.runUntilIdle()  // the first connection's rule waits at the gate
        #expect(
            log.all == ["first starts"],
            "While the first connection's rule is still at work, the second connection's rule doesn't start: one connection at a time, in pool order"
        )
        gate.open()
        executor.runUntilIdle()
        #expect(
            log.all == ["first starts", "first throws", "second starts", "second throws"],
            "The second connection's rule starts once the first's has thrown")
        let errors = try #require(failures.current, "pass() returned once both rules had thrown")
        #expect(
            errors.count == 2 && (errors.first as? TestFailure) == TestFailure(reason: "first")
                && (errors.last as? Refused) == Refused(operation: .connect, status: .idle),
            "pass() returns both errors, unchanged, in pool order, though the first took longer: \(errors)"
        )
        await pass.value
    }

    @Test(
        "A connection a caller took after the keeper looked is not released: the pool checks and releases in one step [3.4, 3.5]"
    )
    func takenSinceTheLookIsLeftAlone() async {
        let taken = FakeConnection(.disconnected)
        let unused = FakeConnection(.disconnected)
        let pool = FakePool(
            [
                PooledConnection(connection: taken, isInUse: false),
                PooledConnection(connection: unused, isInUse: false),
            ],
            takenAfterLook: [taken])
        let failures = await ConnectionKeeper(pool: pool).pass()
        #expect(failures.isEmpty, "In use again is no failure: the next pass looks again")
        // Why not `taken.asked.isEmpty`: a keeper that looks at the pool again would see `taken`
        // in use and reconnect it, which is right too. What must never happen is a release.
        #expect(
            !taken.asked.contains(.release) && !taken.isReleased,
            "The keeper never releases a connection itself: a caller may hold it by now")
        #expect(await pool.holds(taken), "…and the pool keeps it for that caller")
        let unusedHeld = await pool.holds(unused)
        #expect(
            unused.isReleased && !unusedHeld, "The one still unused is released and forgotten")
    }
}

extension Step3Keeper {
    @Test("The standard chain is the three rules, in order: reconnect, disconnect the idle, release [3.8]")
    func standardChain() {
        let names = ConnectionKeeper.standardHandlers.map { String(describing: type(of: $0)) }
        #expect(
            names == ["ReconnectHandler", "IdleDisconnectHandler", "ReleaseHandler"],
            "standardHandlers is the three rules of KeeperHandlers.swift, in this order, and nothing else"
        )
    }

    @Test(
        "The keeper passes once every interval of its clock, never sooner, and stops when cancelled [3.9, 3.10, 3.11]",
        .timeLimit(.minutes(1)))
    func pollsOnTheClock() async throws {
        let clock = ManualClock()
        let watch = PollWatch()
        let keeper = ConnectionKeeper(pool: watch, handlers: [watch])
        let running = Task {
            await keeper.run(every: .seconds(30), on: clock)
            watch.runDidReturn()
        }
        defer {
            running.cancel()
            watch.park()
        }

        await watch.settle(on: clock, passes: 0)
        try #require(
            !watch.hasReturned,
            "run(every:on:) polls until its task is cancelled; it doesn't return"
        )
        try #require(
            watch.passes == 0 && clock.sleeperCount == 1,
            "The keeper first sleeps one interval on the clock it is given (never the wall clock), with no pass yet"
        )
        clock.advance(by: .seconds(29))
        await watch.settle(on: clock, passes: 0)
        #expect(watch.passes == 0, "29 s into a 30 s interval, still no pass")
        clock.advance(by: .seconds(1))
        await watch.settle(on: clock, passes: 1)
        try #require(
            !watch.hasReturned, "After a pass, the keeper sleeps again; it doesn't return")
        try #require(
            watch.passes == 1, "One pass when the interval is over, then it sleeps again")

        clock.advance(by: .seconds(60))
        await watch.settle(on: clock, passes: 2)
        try #require(
            watch.passes == 2, "A late clock gives one pass per wake-up, not a burst to catch up")
        clock.advance(by: .seconds(29))
        await watch.settle(on: clock, passes: 2)
        #expect(watch.passes == 2, "After each pass the keeper sleeps a whole interval again")
        clock.advance(by: .seconds(1))
        await watch.settle(on: clock, passes: 3)
        try #require(watch.passes == 3, "…and passes when it is over")

        running.cancel()
        await watch.settle(on: clock, passes: 3)
        #expect(watch.hasReturned, "Cancelled, run(every:on:) returns")
        #expect(watch.passes == 3, "Cancelled, the keeper makes no further pass")
        #expect(clock.sleeperCount == 0, "Cancelled, the keeper no longer sleeps on the clock")
    }
}

extension Step3Keeper {
    @Test(
        "The next interval starts when a pass ends, however long the pass took [3.9, 3.10]",
        .timeLimit(.minutes(1)))
    func intervalCountsFromTheEndOfAPass() async throws {
        let clock = ManualClock()
        let watch = PollWatch(eachPassTakes: .seconds(20), on: clock)
        let keeper = ConnectionKeeper(pool: watch, handlers: [watch])
        let running = Task {
            await keeper.run(every: .seconds(30), on: clock)
            watch.runDidReturn()
        }
        defer {
            running.cancel()
            watch.park()
        }

        await watch.settle(on: clock, passes: 0)
        try #require(
            !watch.hasReturned && watch.passes == 0 && clock.sleeperCount == 1,
            "The keeper first sleeps one interval on the clock it is given, with no pass yet")
        clock.advance(by: .seconds(30))
        await watch.settle(on: clock, passes: 1)
        try #require(
            watch.passes == 1 && clock.now == ManualClock.Instant(offset: .seconds(50)),
            "One pass after the first interval; it took 20 s of the clock, and ended at 50 s"
        )
        clock.advance(by: .seconds(29))
        await watch.settle(on: clock, passes: 1)
        #expect(
            watch.passes == 1,
            "29 s after the pass ended, no pass yet: the keeper sleeps a whole interval after a pass, counted from its end, not its start"
        )
        clock.advance(by: .seconds(1))
        await watch.settle(on: clock, passes: 2)
        #expect(watch.passes == 2, "A whole interval after the pass ended, the next pass comes")
    }
}

/// The poll test's pool and its only rule at once: a pool of one connection nobody uses, and a
/// rule that declines it and counts each time it is asked, which is once per pass.
///
/// ``settle(on:passes:)`` waits until the keeper sleeps on the clock, returns, or makes more
/// passes than expected, whichever comes first. So a keeper that never sleeps on the test's
/// clock, or loops on after it is cancelled, fails the test instead of hanging it. Once
/// ``park()`` is called, `contents()` never returns: a keeper still looping after its test stops
/// there instead of spinning beside the other tests.
private final class PollWatch: KeeperPool, KeeperHandler {
    private struct State {
        var passes = 0
        var hasReturned = false
        var isParked = false
        var nextID = 0
        var waiters: [Int: (passes: Int, continuation: CheckedContinuation<Void, Never>)] = [:]

        /// Whether the keeper has returned or made more than `passes` passes.
        func movedOn(beyond passes: Int) -> Bool { hasReturned || self.passes > passes }

        /// Removes and returns the waiters whose wait is over.
        mutating func finishedWaiters() -> [CheckedContinuation<Void, Never>] {
            let done = waiters.filter { movedOn(beyond: $0.value.passes) }
            for id in done.keys { waiters[id] = nil }
            return done.values.map(\.continuation)
        }
    }

    private let state = Mutex(State())
    private let connection = FakeConnection(.connected)
    private let parking = Gate()
    /// How long each pass takes on the keeper's clock, if it takes any time.
    private let slowness: (clock: ManualClock, duration: Duration)?

    /// A watch whose passes take no time, or `duration` of `clock` each: `contents()` moves
    /// the clock on, as a pool that is slow to answer.
    init(eachPassTakes duration: Duration? = nil, on clock: ManualClock? = nil) {
        slowness = clock.flatMap { clock in duration.map { (clock, $0) } }
    }

    /// How many passes the keeper has made.
    var passes: Int { state.withLock { $0.passes } }
    /// Whether `run(every:on:)` has returned.
    var hasReturned: Bool { state.withLock { $0.hasReturned } }

    func contents() async -> [PooledConnection] {
        if state.withLock({ $0.isParked }) { await parking.pass() }  // The gate never opens.
        if let slowness { slowness.clock.advance(by: slowness.duration) }
        return [PooledConnection(connection: connection, isInUse: false)]
    }

    func releaseIfUnused(_ connection: any Connection) async -> Bool { false }

    func canHandle(_ pooled: PooledConnection) -> Bool {
        update { $0.passes += 1 }
        return false
    }

    func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {}

    /// For the task that runs the keeper: `run(every:on:)` has returned.
    func runDidReturn() {
        update { $0.hasReturned = true }
    }

    /// Stops any later pass at `contents()`, for good.
    func park() {
        state.withLock { $0.isParked = true }
    }

    /// Returns once the keeper sleeps on `clock`, has returned, or has made more than `passes`
    /// passes.
    func settle(on clock: ManualClock, passes: Int) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.waitForSleepers() }
            group.addTask { await self.moved(beyond: passes) }
            await group.next()
            group.cancelAll()
        }
    }

    private func update(_ change: (inout State) -> Void) {
        let done = state.withLock { state in
            change(&state)
            return state.finishedWaiters()
        }
        for waiter in done { waiter.resume() }
    }

    private func moved(beyond passes: Int) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let over = state.withLock { state in
                    // Checked under the lock, so a cancellation can't slip in before the waiter
                    // is stored (the cancel handler takes the same lock).
                    if Task.isCancelled || state.movedOn(beyond: passes) { return true }
                    state.waiters[id] = (passes, continuation)
                    return false
                }
                if over { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume()
        }
    }
}

/// A keeper rule that takes every connection and throws ``TestFailure`` when it acts.
private struct ThrowingRule: KeeperHandler {
    func canHandle(_ pooled: PooledConnection) -> Bool { true }
    func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        throw TestFailure(reason: "refused")
    }
}
