import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

/// The runner, against a fake `swift test`: a shell script that writes an event stream and
/// crashes, hangs or waits on a lock the way the real one does, without building anything.
@Suite("Running tests that crash, hang or can't build")
struct TestRunnerTests {
    let a = "StrategyTests.Step1LexicalSearch/a()/S.swift:3:6"
    let b = "StrategyTests.Step1LexicalSearch/b()/S.swift:9:6"
    let c = "FactoryTests.Step1PickByScheme/c()/F.swift:4:6"

    /// A runner whose `swift test` is `script`.
    ///
    /// Each pass's arguments go to `arguments.txt`. `script` chooses what to do by `$passes`, the number of `--skip` options it was given.
    func runner(in folder: TemporaryFolder, script: String, timeLimit: Duration = .seconds(30)) throws
        -> TestRunner
    {
        try folder.write(
            "fake-swift-test.sh",
            """
            cd "\(folder.url.path)"
            printf '%s\\n' "$*" >> arguments.txt
            stream=""; scratch=""; passes=0
            while [ $# -gt 0 ]; do
              case "$1" in
                --event-stream-output-path) stream=$2; shift;;
                --scratch-path) scratch=$2; shift;;
                --skip) passes=$((passes + 1)); shift;;
              esac
              shift
            done
            \(script)
            """)
        var runner = TestRunner(
            root: folder.url, scratchPath: nil,
            fallbackScratchPath: folder.url.appending(path: ".build-kata"),
            workFolder: folder.url.appending(path: "runs"))
        runner.command = ["/bin/sh", folder.url.appending(path: "fake-swift-test.sh").path]
        runner.timeLimit = timeLimit
        runner.pollInterval = .milliseconds(10)
        runner.lockPatience = .milliseconds(60)
        return runner
    }

    func stream(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }

    /// A folder with the two streams of a hang: `first.jsonl`, where test A starts and never
    /// ends, and `second.jsonl`, the run again without it, which ends.
    func hangingThenDone() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(
            "first.jsonl",
            stream([
                StreamLine.test(a, name: "A"), StreamLine.event("runStarted"),
                StreamLine.event("testStarted", a),
            ]))
        try folder.write(
            "second.jsonl", stream([StreamLine.event("runStarted"), StreamLine.event("runEnded")]))
        return folder
    }

    @Test("A test skipped by a trait, whose only event is its skip, is reported skipped, not as never run")
    func skippedByTrait() async throws {
        let folder = try TemporaryFolder()
        let story = "StoryTests.MessagingStory/wholeStory()/M.swift:9:6"
        try folder.write(
            "run.jsonl",
            stream([
                StreamLine.test(a, name: "A"), StreamLine.test(story, name: "Story"),
                StreamLine.event("runStarted"),
                StreamLine.event("testStarted", a), StreamLine.event("testEnded", a, symbol: "fail"),
                StreamLine.event("testSkipped", story), StreamLine.event("runEnded"),
            ]))
        let runner = try runner(in: folder, script: #"cat run.jsonl >> "$stream"; exit 1"#)
        let report = try await blocking { [runner] in runner.run(modules: nil) }
        #expect(report.failure == nil)
        #expect(report.outcomes.first { $0.id == story }?.status == .skipped)
        #expect(report.outcomes.first { $0.id == a }?.status == .failed)
    }

    @Test(
        "A crash is named with its signal and the learner's line, from a log split inside a character; the rest run again without it, not built again"
    )
    func crash() async throws {
        let folder = try TemporaryFolder()
        let listing = [
            StreamLine.test(a, name: "A"), StreamLine.test(b, name: "B"), StreamLine.test(c, name: "C"),
        ]
        try folder.write(
            "first.jsonl",
            stream(
                listing + [
                    StreamLine.event("runStarted"), StreamLine.event("testStarted", a),
                    StreamLine.event("testEnded", a), StreamLine.event("testStarted", b),
                ]))
        try folder.write(
            "second.jsonl",
            stream(
                listing + [
                    StreamLine.event("runStarted"), StreamLine.event("testStarted", a),
                    StreamLine.event("testEnded", a), StreamLine.event("testStarted", c),
                    StreamLine.issue(c, message: "Expectation failed", comment: "Rule", line: 7),
                    StreamLine.event("testEnded", c, symbol: "fail"), StreamLine.event("runEnded"),
                ]))
        let root = folder.url.path
        let runner = try runner(
            in: folder,
            script: """
                if [ $passes -eq 0 ]; then
                  cat first.jsonl >> "$stream"
                  printf 'A line SwiftPM split inside its \\342\\234 mark\\n'
                  echo 'Strategy/Lexical.swift:16: Fatal error: Unexpectedly found nil'
                  echo 'Thread 2 crashed:'
                  echo ''
                  echo '0 0x0000 _assertionFailure + 12 in libswiftCore.so'
                  echo '3 [ra] 0x0000 LexicalSearch.filter(_:) + 123 in T.xctest at \(root)/Katas/Strategy/Lexical.swift:16:47'
                  echo ''
                  echo "error: Exited with unexpected signal code 4"
                else
                  cat second.jsonl >> "$stream"
                fi
                exit 1
                """)
        let report = try await blocking { [runner] in runner.run(modules: ["StrategyTests", "FactoryTests"]) }
        #expect(report.buildErrors == [] && report.failure == nil)
        #expect(report.outcomes.map(\.id) == [a, b, c].sorted())
        let crashed = try #require(report.outcomes.first { $0.id == b })
        #expect(
            crashed.status
                == .crashed(
                    RunReport.Crash(
                        signal: 4, message: "Fatal error: Unexpectedly found nil",
                        location: "Katas/Strategy/Lexical.swift:16")))
        #expect(report.outcomes.first { $0.id == a }?.status == .passed)
        #expect(report.outcomes.first { $0.id == c }?.status == .failed)
        let arguments = try #require(folder.read("arguments.txt")).split(separator: "\n")
        #expect(arguments.count == 3, "The run, the rest without the crashed suite, then that suite")
        #expect(arguments.first?.contains("--filter ^(StrategyTests|FactoryTests)\\.") == true)
        #expect(arguments.first?.contains("--no-parallel") == true)
        #expect(
            arguments.dropFirst().allSatisfy {
                $0.contains("--skip ^StrategyTests\\.Step1LexicalSearch/b\\(\\)")
            })
        #expect(
            arguments.dropFirst().first?.contains("--skip ^StrategyTests\\.Step1LexicalSearch/ ") == true,
            "The crashed test's suite waits for the rest")
        #expect(
            arguments.last?.contains("--filter ^(StrategyTests\\.Step1LexicalSearch)/") == true,
            "…then runs on its own")
        #expect(
            arguments.map { $0.contains("--skip-build") } == [false, true, true],
            "Built once: the passes after the crash run what the first one built")
    }

    @Test("A suite whose test crashed runs after the rest: a second crash in it costs only its own tests")
    func secondCrashCostsItsSuite() async throws {
        let folder = try TemporaryFolder()
        let d = "StrategyTests.Step2NearAddressSearch/d()/S.swift:20:6"
        let listing = [
            StreamLine.test(a, name: "A"), StreamLine.test(b, name: "B"), StreamLine.test(d, name: "D"),
        ]
        let crashing = """
              echo 'Fatal error: planted'
              echo "error: Exited with unexpected signal code 4"
            """
        try folder.write(
            "first.jsonl",
            stream(listing + [StreamLine.event("runStarted"), StreamLine.event("testStarted", a)]))
        try folder.write(
            "rest.jsonl",
            stream(
                listing + [
                    StreamLine.event("runStarted"), StreamLine.event("testStarted", d),
                    StreamLine.event("testEnded", d), StreamLine.event("runEnded"),
                ]))
        try folder.write(
            "suite.jsonl",
            stream(listing + [StreamLine.event("runStarted"), StreamLine.event("testStarted", b)]))
        let runner = try runner(
            in: folder,
            script: """
                case "$(tail -n 1 arguments.txt)" in
                  *"--filter ^(StrategyTests\\.Step1LexicalSearch)/"*) cat suite.jsonl >> "$stream"
                \(crashing)
                    exit 1;;
                esac
                if [ $passes -eq 0 ]; then
                  cat first.jsonl >> "$stream"
                \(crashing)
                else
                  cat rest.jsonl >> "$stream"
                fi
                exit 1
                """)
        let report = try await blocking { [runner] in runner.run(modules: ["StrategyTests"]) }
        #expect(report.failure == nil)
        let status = Dictionary(uniqueKeysWithValues: report.outcomes.map { ($0.id, $0.status) })
        #expect(status[d] == .passed, "Step 2 ran before step 1's other tests could stop the module")
        #expect(status[a].map { if case .crashed = $0 { true } else { false } } == true)
        #expect(status[b].map { if case .crashed = $0 { true } else { false } } == true)
        let arguments = try #require(folder.read("arguments.txt")).split(separator: "\n")
        #expect(arguments.count == 3, "The module's two strikes end the run")
    }

    @Test("A test past the time limit is stopped, with every process it started, and named as hanging")
    func hang() async throws {
        let folder = try hangingThenDone()
        var runner = try runner(
            in: folder,
            script: """
                if [ $passes -eq 0 ]; then
                  cat first.jsonl >> "$stream"
                  # Like SwiftPM, start the test process in a process group of its own (perl's
                  # setpgrp, not `set -m`: on a terminal, job control would stop this script).
                  perl -e 'setpgrp(0, 0); exec @ARGV' sleep 300 &
                  echo $! > grandchild.pid
                  wait
                else
                  cat second.jsonl >> "$stream"
                fi
                """,
            timeLimit: .milliseconds(40))
        // A background job of a shell ignores SIGQUIT, as a test process stuck in the kernel
        // might: it prints no stacks, and is stopped anyway, after the runner's patience.
        runner.backtracePatience = .milliseconds(20)
        let start = ContinuousClock.now
        let report = try await blocking { [runner] in runner.run(modules: ["StrategyTests"]) }
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(report.outcomes.map(\.status) == [.hung(RunReport.Hang(seconds: 0.04))])
        let pid = try #require(
            folder.read("grandchild.pid").flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            })
        #expect(!isRunning(pid), "The test process the fake started is left running")
    }

    @Test(
        "Before a hang is stopped, the test process is asked for its stacks, and the learner's line is named")
    func hangNamesItsLine() async throws {
        let folder = try hangingThenDone()
        try folder.write(
            "stacks.txt",
            """

            *** Signal 3: Backtracing from 0x7f2f05092301... done ***

            Thread 0 "T" crashed:

              0      0x00007f2f05092301 sigsuspend + 65 in libc.so.6
            ...

            Thread 4:

              0      0x000055 LexicalSearchStrategy.filter(_:) + 138 in T.xctest at \(folder.url.path)/Katas/Strategy/Lexical.swift:16:28
              1 [ra] 0x000055 Step1.a() + 12 in T.xctest at \(folder.url.path)/Tests/StrategyTests/S.swift:5:3

            Backtrace took 0.01s
            """)
        let runner = try runner(
            in: folder,
            script: """
                if [ $passes -eq 0 ]; then
                  cat first.jsonl >> "$stream"
                  # The test process: like Swift's backtracer, on SIGQUIT it writes its stacks to
                  # a file in the folder SWIFT_BACKTRACE names, and, like a real one may, goes on
                  # waiting. (In the foreground: a shell ignores SIGQUIT in its background jobs.)
                  folder=${SWIFT_BACKTRACE##*output-to=}
                  sh -c "trap 'cp stacks.txt $folder/T-1.log' QUIT; echo \\$\\$ > test.pid; while :; do sleep 0.01; done"
                  echo "error: Exited with unexpected signal code 3"
                else
                  cat second.jsonl >> "$stream"
                fi
                """,
            timeLimit: .milliseconds(40))
        let report = try await blocking { [runner] in runner.run(modules: ["StrategyTests"]) }
        #expect(
            report.outcomes.map(\.status) == [
                .hung(
                    RunReport.Hang(
                        seconds: 0.04,
                        location: "Katas/Strategy/Lexical.swift:16 (in LexicalSearchStrategy.filter(_:))",
                        stacksRead: true))
            ])
        let pid = try #require(
            folder.read("test.pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        #expect(!isRunning(pid), "The test process the fake started is left running")
    }

    @Test("A test module that stops the run twice is left out; its other tests are named as not run")
    func twice() async throws {
        let folder = try TemporaryFolder()
        let d = "StrategyTests.Step2NearAddressSearch/d()/S.swift:20:6"
        let listing = [
            StreamLine.test(a, name: "A"), StreamLine.test(b, name: "B"), StreamLine.test(d, name: "D"),
        ]
        try folder.write(
            "one.jsonl",
            stream(listing + [StreamLine.event("runStarted"), StreamLine.event("testStarted", a)]))
        try folder.write(
            "two.jsonl",
            stream(listing + [StreamLine.event("runStarted"), StreamLine.event("testStarted", b)]))
        try folder.write(
            "three.jsonl", stream([StreamLine.event("runStarted"), StreamLine.event("runEnded")]))
        let runner = try runner(
            in: folder,
            script: """
                case $passes in
                  0) cat one.jsonl >> "$stream";;
                  1) cat two.jsonl >> "$stream";;
                  *) cat three.jsonl >> "$stream";;
                esac
                exit 1
                """)
        let report = try await blocking { [runner] in runner.run(modules: ["StrategyTests"]) }
        let statuses = Dictionary(uniqueKeysWithValues: report.outcomes.map { ($0.id, $0.status) })
        #expect(statuses[d] == .notRun)
        #expect(statuses[a].map { if case .crashed = $0 { true } else { false } } == true)
        #expect(statuses[b].map { if case .crashed = $0 { true } else { false } } == true)
        #expect(folder.read("arguments.txt")?.contains("--skip ^StrategyTests\\.") == true)
    }

    @Test("When another SwiftPM holds the build folder, the runner builds in its own instead of waiting")
    func lockBusy() async throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "done.jsonl", stream([StreamLine.event("runStarted"), StreamLine.event("runEnded")]))
        let runner = try runner(
            in: folder,
            script: """
                if [ -z "$scratch" ]; then
                  echo "Another instance of SwiftPM (PID: 20470) is already running using '.build', waiting until that process has finished execution..."
                  sleep 300
                fi
                cat done.jsonl >> "$stream"
                """)
        let start = ContinuousClock.now
        let report = try await blocking { [runner] in runner.run(modules: nil) }
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(report.failure == nil)
        let arguments = try #require(folder.read("arguments.txt")).split(separator: "\n")
        #expect(arguments.count == 2)
        #expect(arguments.last?.contains("--scratch-path \(folder.url.path)/.build-kata") == true)
    }

    @Test("A lock let go soon is waited for: the build goes on in the usual folder")
    func lockLetGo() async throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "done.jsonl", stream([StreamLine.event("runStarted"), StreamLine.event("runEnded")]))
        var runner = try runner(
            in: folder,
            script: """
                echo "Another instance of SwiftPM (PID: 1) is already running using '.build', waiting..."
                sleep 0.02
                echo "Building for debugging..."
                sleep 0.35
                cat done.jsonl >> "$stream"
                """)
        // Patience well above the 20 ms the lock is held, so a loaded machine can't make it look
        // held for good; the build then runs past it, and must not be moved for that.
        runner.lockPatience = .milliseconds(300)
        let report = try await blocking { [runner] in runner.run(modules: nil) }
        #expect(report.failure == nil)
        #expect(folder.read("arguments.txt")?.split(separator: "\n").count == 1)
    }

    @Test(
        "A crash's place: a #fileID in a subfolder is found on disk; a recursion warning only in the kata's files; its message whole, though SwiftPM's line split it"
    )
    func crashPlaces() throws {
        let folder = try TemporaryFolder()
        try folder.write("Katas/Proxy/Helpers/Guard.swift", "")
        let crash = TestLog.crash(
            in: "Proxy/Guard.swift:3: Fatal error: Unexpectedly found nil", root: folder.url.path)
        #expect(crash.location == "Katas/Proxy/Helpers/Guard.swift:3")
        let elsewhere = TestLog.crash(
            in: "Synchronization/LinuxImpl.swift:157: Fatal error: lock", root: folder.url.path)
        #expect(elsewhere.location == nil)
        // SwiftPM's line about the crash, written while the runtime's message waited in its buffer.
        let spliced = TestLog.crash(
            in: "Proxy/Guard.swift:3: Fatal error: Unexpectedly fo"
                + "error: Process '/r/.build/debug/PatternKatasPackageTests.xctest --filter ^(ProxyTests)\\.' "
                + "exited with unexpected signal code 4\nund nil while unwrapping an Optional value\n",
            root: folder.url.path)
        #expect(spliced.message == "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        #expect(spliced.signal == 4)

        let log = """
            /r/Katas/Strategy/Search.swift:21:9: warning: function call causes an infinite recursion
            /r/Katas/Singleton/ConnectionManager.swift:19:9: warning: function call causes an infinite recursion
            """
        let singleton = try #require(Catalog.kata(named: "singleton"))
        let flyweight = try #require(Catalog.kata(named: "flyweight"))
        #expect(
            TestLog.recursionWarning(in: log, kata: singleton)
                == "Katas/Singleton/ConnectionManager.swift:19")
        #expect(TestLog.recursionWarning(in: log, kata: flyweight) == nil)
    }

    @Test("A build that fails gives the compiler's errors, relative to the package, with their kata")
    func buildFailure() async throws {
        let folder = try TemporaryFolder()
        let runner = try runner(
            in: folder,
            script: """
                echo "Compiling Strategy Lexical.swift"
                echo "\(folder.url.path)/Katas/Strategy/Lexical.swift:3:9: error: cannot find 'x' in scope"
                echo "error: fatalError"
                exit 1
                """)
        let report = try await blocking { [runner] in runner.run(modules: ["StrategyTests"]) }
        #expect(
            report.buildErrors == [
                RunReport.CompilerError(
                    file: "Katas/Strategy/Lexical.swift", line: 3, column: 9,
                    message: "cannot find 'x' in scope")
            ])
        #expect(report.buildErrors.first?.kata?.pattern.name == "Strategy")
    }

    @Test("A crash in one kata's code during another kata's test is blamed on the kata that crashed")
    func backgroundCrash() async throws {
        let folder = try TemporaryFolder()
        let listing = [StreamLine.test(a, name: "A"), StreamLine.test(c, name: "C")]
        try folder.write(
            "first.jsonl",
            stream(listing + [StreamLine.event("runStarted"), StreamLine.event("testStarted", c)]))
        try folder.write(
            "second.jsonl",
            stream(
                listing + [
                    StreamLine.event("runStarted"), StreamLine.event("testStarted", c),
                    StreamLine.event("testEnded", c), StreamLine.event("runEnded"),
                ]))
        let root = folder.url.path
        let runner = try runner(
            in: folder,
            script: """
                if [ $passes -eq 0 ]; then
                  cat first.jsonl >> "$stream"
                  echo 'Thread 3 crashed:'
                  echo ''
                  echo '2 [ra] 0x0000 closure in Lexical.start() + 9 in T.xctest at \(root)/Katas/Strategy/Lexical.swift:30:5'
                  echo ''
                  echo "error: Exited with unexpected signal code 4"
                else
                  cat second.jsonl >> "$stream"
                fi
                exit 1
                """)
        let report = try await blocking { [runner] in runner.run(modules: ["StrategyTests", "FactoryTests"]) }
        #expect(report.backgroundCrashes["StrategyTests"]?.location == "Katas/Strategy/Lexical.swift:30")
        #expect(
            report.outcomes.first { $0.id == c }?.status == .passed,
            "The Factory test that was running is innocent")
        #expect(report.outcomes.first { $0.id == a }?.status == .notRun)
        #expect(folder.read("arguments.txt")?.contains("--skip ^StrategyTests\\.") == true)
    }

    @Test("Names are escaped for --filter and --skip")
    func escaping() {
        #expect(TestRunner.escaped("A.b/c(d:)") == "A\\.b/c\\(d:\\)")
    }

    /// Whether `pid` is a live process: not gone, and not a zombie waiting to be reaped.
    func isRunning(_ pid: pid_t) -> Bool {
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.range(of: ")", options: .backwards)
        {
            return stat[end.upperBound...].split(separator: " ").first != "Z"
        }
        return kill(pid, 0) == 0
    }
}
