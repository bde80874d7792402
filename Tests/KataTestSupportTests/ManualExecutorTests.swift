import KataTestSupport
import Testing

@Suite("KataTestSupport — manual executor")
struct ManualExecutorTests {
    @Test("A task on the executor runs only inside runUntilIdle, up to where it waits, and on from there")
    func runsOnlyWhenRun() async {
        let executor = ManualExecutor()
        let steps = Recorder<String>()
        let resumed = Received<String>()
        let hold = HeldValue()
        let task = Task(executorPreference: executor) {
            steps.record("started")
            resumed.set(await hold.value())
            steps.record("finished")
        }
        #expect(steps.all.isEmpty, "Nothing runs until the test runs the executor")
        executor.runUntilIdle()
        #expect(steps.all == ["started"], "It runs up to where it waits")
        hold.give("reply")
        executor.runUntilIdle()
        #expect(
            steps.all == ["started", "finished"] && resumed.current == "reply", "It goes on once resumed")
        await task.value
    }
}

/// A value a task awaits until the test gives it.
private final class HeldValue: Sendable {
    private let waiter = Received<CheckedContinuation<String, Never>>()

    func value() async -> String {
        await withCheckedContinuation { waiter.set($0) }
    }

    func give(_ value: String) {
        waiter.current?.resume(returning: value)
    }
}
