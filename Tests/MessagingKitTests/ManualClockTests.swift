import MessagingKit
import Testing

@Suite("The manual clock", .tags(.messaging))
struct ManualClockTests {
    @Test("Time moves only when advanced")
    func advances() {
        let clock = ManualClock()
        let start = clock.now
        #expect(clock.now == start)
        clock.advance(by: .seconds(5))
        #expect(start.duration(to: clock.now) == .seconds(5))
        clock.advance(by: .seconds(-3))
        #expect(start.duration(to: clock.now) == .seconds(5), "Time never goes back")
        clock.advance(to: start.advanced(by: .seconds(8)))
        #expect(clock.now == start.advanced(by: .seconds(8)))
    }

    @Test("A sleeper wakes when its deadline is reached, not before")
    func sleeperWakes() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(30)) }
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(29))
        #expect(clock.sleeperCount == 1, "29 of 30 seconds: still asleep")
        clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 0)
        try await sleeper.value
    }

    @Test("Sleeping until the past returns at once")
    func pastDeadline() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(10))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(3)))
        #expect(clock.sleeperCount == 0)
    }

    @Test("A cancelled sleeper throws CancellationError and leaves the clock")
    func cancelledSleeper() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(30)) }
        try await clock.waitForSleepers(count: 1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("A periodic loop ticks once per interval")
    func periodicLoop() async throws {
        let clock = ManualClock()
        let ticks = AsyncStream<Int>.makeStream()
        let loop = Task {
            for tick in 1... {
                try await clock.sleep(for: .seconds(30))
                ticks.continuation.yield(tick)
            }
        }
        var iterator = ticks.stream.makeAsyncIterator()
        for expected in 1...3 {
            try await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(30))
            #expect(await iterator.next() == expected)
        }
        loop.cancel()
    }

    @Test("Works with the standard Clock API")
    func standardAPI() async throws {
        let clock = ManualClock()
        let elapsed = Task { try await clock.measure { try await clock.sleep(for: .milliseconds(250)) } }
        try await clock.waitForSleepers()
        clock.advance(by: .seconds(1))
        #expect(try await elapsed.value == .seconds(1))
    }
}
