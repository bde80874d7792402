import Foundation
import KataCore

/// Runs the package's tests and keeps going when the learner's code doesn't compile, crashes or
/// hangs.
///
/// Each pass is one `swift test`, serial, writing Swift Testing's event stream. When a kata
/// doesn't compile, the runner may build again without it (``leaving``). When a test crashes the
/// test process, or runs past ``timeLimit`` and is stopped, the runner notes it and runs the rest
/// again without it, its suite's other tests last; a test module that crashes or hangs twice is
/// left out. So one kata's mistake never hides another kata's results, a crash costs its own
/// test, and no test process is left running.
package struct TestRunner: Sendable {
    /// The package's root folder.
    package var root: URL
    /// The build folder; `nil` is SwiftPM's own `.build`, shared with `swift test` by hand.
    package var scratchPath: URL?
    /// Where the runner builds when another SwiftPM holds the lock on ``scratchPath``.
    package var fallbackScratchPath: URL
    /// Where the logs and event streams go.
    package var workFolder: URL
    /// How long one test may run before it is stopped and called hanging.
    package var timeLimit: Duration = .seconds(5)
    /// Whether to run the reference solutions instead of the learner's stubs.
    ///
    /// `KATA_SOLUTIONS=1`. Give it a build folder of its own: one folder built in both modes
    /// rebuilds every pattern module at each switch.
    package var solutions = false
    /// What the runner may leave out of the build when it doesn't compile.
    package var leaving: Leaving = .nothing
    /// Modules that did not compile in an earlier run and haven't changed since, with their first
    /// error: left out from the first pass on, unless ``leaving`` needs them.
    package var knownNotToCompile: [String: RunReport.CompilerError] = [:]

    /// What a run may leave out of the build.
    package enum Leaving: Sendable, Equatable {
        /// Nothing: the first compiler error ends the run (`verify`, the solutions).
        case nothing
        /// Every kata's module, or its tests, that doesn't compile, but for the katas of these
        /// test modules: the run is about them, so their compiler error is its result.
        ///
        /// The rest runs without what is left out: one unfinished kata never holds up another.
        case whatDoesNotCompile(except: Set<String>)

        /// Whether `module` (a kata's module or test module, or the story tests) may be left out.
        func allows(_ module: String) -> Bool {
            guard case .whatDoesNotCompile(let needed) = self else { return false }
            return !needed.contains(module) && !needed.contains(module + "Tests")
        }
    }
    /// The command that runs the tests; the tool's tests put a fake in its place.
    var command: [String] = ["swift", "test"]
    /// How long to wait for another SwiftPM to let go of the build folder before building in
    /// ``fallbackScratchPath``: a build by hand ends soon, a hanging `swift test` never does.
    var lockPatience: Duration = .seconds(3)
    /// How often the runner looks at the run.
    var pollInterval: Duration = .milliseconds(5)
    /// Told about what takes time: a crash, a rerun.
    package var progress: @Sendable (String) -> Void = { _ in }
    /// Told how far the build is, while it runs, and when it is over.
    package var onBuild: @Sendable (BuildEvent) -> Void = { _ in }
    /// How long a hanging test process may take to print its threads' stacks before it is
    /// stopped anyway.
    var backtracePatience: Duration = .seconds(20)

    package init(root: URL, scratchPath: URL?, fallbackScratchPath: URL, workFolder: URL) {
        (self.root, self.scratchPath) = (root, scratchPath)
        (self.fallbackScratchPath, self.workFolder) = (fallbackScratchPath, workFolder)
    }

    /// What the runner says of a build.
    package enum BuildEvent: Sendable {
        /// The build goes on; `firstBuild` when its folder held no build before.
        case progress(BuildProgress, elapsed: Duration, firstBuild: Bool)
        /// The build is over (or never started: nothing was out of date).
        case finished(elapsed: Duration)
    }

    /// How many passes one run may take: a first one, then one per crash or hang.
    static let maximumPasses = 20

    /// Runs the tests of `modules` (every test when `nil`) in kata mode (the stubs, whatever the
    /// caller's environment says), or against the solutions when ``solutions`` is set.
    package func run(modules: [String]?) -> RunReport {
        var report = RunReport()
        var settings = ManifestSettings(solutions: solutions)
        var scratch = scratchPath
        // The settings and folder of the last pass whose tests ran: a pass after it with the same
        // ones skips the build (a crash or a hang reruns the rest without it), nothing changed.
        var built: (settings: ManifestSettings, scratch: URL?)?
        var skips: [String] = []
        var skippedModules: Set<String> = []
        var strikes: [String: Int] = [:]
        // Every test some pass listed, in order, as not run; and how each that ran ended.
        var listed: [RunReport.Outcome] = []
        var listedIDs: Set<String> = []
        var results: [String: RunReport.Outcome] = [:]
        // A suite one of whose tests crashed or hung runs after the rest, in passes of its own: its
        // other tests likely meet the same fault, and the module's second strike leaves out every
        // test it has not run yet. Deferred, that costs only the suite's own tests.
        var deferred: [String] = []
        var runningDeferred = false

        func leaveOut(_ found: [(module: String, error: RunReport.CompilerError)]) {
            for (module, error) in found {
                report.leftOut[module] = error
                settings.leftOut.append(module)
            }
        }
        /// Skips `module`'s tests from the next pass on; `true` when none of `modules` is left.
        func skip(module: String) -> Bool {
            skips.append("^" + Self.escaped(module) + "\\.")
            skippedModules.insert(module)
            deferred.removeAll { RunReport.Outcome.module(ofTest: $0) == module }
            return modules.map { Set($0).isSubset(of: skippedModules) } ?? false
        }

        let known = knownNotToCompile.sorted { $0.key < $1.key }.filter { leaving.allows($0.key) }
        leaveOut(known.map { ($0.key, $0.value) })
        for pass in 1...Self.maximumPasses {
            let filter =
                runningDeferred
                ? "^(" + deferred.map(Self.escaped).joined(separator: "|") + ")/"
                : modules.map { "^(" + $0.map(Self.escaped).joined(separator: "|") + ")\\." }
            let passSkips = skips + (runningDeferred ? [] : deferred.map { "^" + Self.escaped($0) + "/" })
            let skipBuild = built.map { $0.settings == settings && $0.scratch == scratch } ?? false
            let outcome = runPass(
                pass, filter: filter, skips: passSkips, scratch: scratch, settings: settings,
                skipBuild: skipBuild)
            if outcome.stream.runStarted { built = (settings, scratch) }
            report.logPaths.append(outcome.logPath)
            let stream = outcome.stream
            report.streamNotes.formUnion(stream.notes)
            for id in stream.displayNames.keys.sorted() where EventStream.isFunction(id) {
                guard listedIDs.insert(id).inserted else { continue }
                let location = stream.locations[id]
                listed.append(
                    RunReport.Outcome(
                        id: id, displayName: stream.displayNames[id] ?? id, status: .notRun, issues: [],
                        filePath: location?.filePath, line: location?.line))
            }
            // A test skipped by a trait (the story tests, in kata mode) never starts: its skip is
            // its only event.
            for (id, ended) in stream.ended
            where stream.started.contains(id) || (ended.skipped && results[id] == nil) {
                let status: RunReport.Outcome.Status =
                    ended.skipped ? .skipped : ended.passed ? .passed : .failed
                results[id] = RunReport.Outcome(id: id, status: status, stream: stream)
            }
            if outcome.stop == .lockBusy, scratch != fallbackScratchPath {
                progress(
                    "Another SwiftPM is using \(scratch?.path ?? ".build"); building in \(fallbackScratchPath.path) instead."
                )
                scratch = fallbackScratchPath
                continue
            }
            if outcome.stop == .interrupted {
                report.interrupted = true
                break
            }
            if !stream.runStarted {
                let errors = TestLog.compilerErrors(in: outcome.log, root: root.path)
                guard
                    let more = Self.modulesToLeaveOut(
                        for: errors, leaving: leaving, leftOut: settings.leftOut)
                else {
                    report.buildErrors = errors
                    if errors.isEmpty {
                        report.failure =
                            "`swift test` ended (\(outcome.termination)) before any test ran. The end of its log:\n"
                            + outcome.log.split(separator: "\n").suffix(15).joined(separator: "\n")
                    }
                    break
                }
                leaveOut(more)
                var names: [String] = []
                for found in more {
                    let name = Catalog.kata(ofModule: found.module)?.pattern.displayName ?? found.module
                    if !names.contains(name) { names.append(name) }
                }
                progress(
                    ReportPrinter.list(names)
                        + (names.count == 1
                            ? " does not compile; building the rest without it."
                            : " do not compile; building the rest without them."))
                continue
            }
            if stream.runEnded {
                if runningDeferred || deferred.isEmpty { break }
                runningDeferred = true
                continue
            }

            let hung = outcome.stop == .hung
            let victim = stream.running.last
            let victimKata = victim.flatMap {
                Catalog.kata(ofTestModule: RunReport.Outcome.module(ofTest: $0))
            }
            let crash = hung ? nil : TestLog.crash(in: outcome.log, root: root.path, victim: victimKata)
            // Code left running in the background (a timer, a detached task) can crash while
            // another kata's test runs: blame the kata whose file the crash is in.
            if let crash, let culprit = crash.kata?.pattern.testModule,
                culprit != victim.map(RunReport.Outcome.module(ofTest:)),
                report.backgroundCrashes[culprit] == nil
            {
                report.backgroundCrashes[culprit] = crash
                let noneLeft = skip(module: culprit)
                progress(
                    "The \(crash.kata?.pattern.displayName ?? culprit) kata's code crashed the test process outside its own tests; running the rest without it."
                )
                if noneLeft { break }
                continue
            }
            guard let victim else {
                report.failure = "The test process ended early, outside any test (\(outcome.termination))."
                break
            }
            let status: RunReport.Outcome.Status =
                crash.map { .crashed($0) }
                ?? .hung(
                    RunReport.Hang(
                        seconds: Self.seconds(timeLimit),
                        location: Self.hangLocation(in: outcome.log, root: root.path),
                        stacksRead: outcome.backtraced))
            results[victim] = RunReport.Outcome(id: victim, status: status, stream: stream)
            let module = RunReport.Outcome.module(ofTest: victim)
            strikes[module, default: 0] += 1
            let name = RunReport.Outcome.name(ofTest: victim)
            if strikes[module, default: 0] >= 2 {
                if skip(module: module) || (runningDeferred && deferred.isEmpty) { break }
                progress("\(module) stopped the test process twice; running the others without it.")
            } else {
                skips.append("^" + Self.escaped(name))
                let suite = String(name.prefix { $0 != "/" })
                if !deferred.contains(suite) { deferred.append(suite) }
                progress(
                    "\"\(stream.displayNames[victim] ?? name)\" "
                        + (hung ? "hangs" : "crashed the test process") + "; running the rest without it.")
            }
            if pass == Self.maximumPasses { report.failure = "Gave up after \(pass) runs." }
        }
        report.outcomes = listed.map { results[$0.id] ?? $0 }
        return report
    }

    /// What a pass shows of its build, read from `swift test`'s log until the tests start.
    ///
    /// Its progress (once a second at least, so the elapsed time says it is alive), its end, and
    /// another SwiftPM's lock on the build folder.
    private struct BuildWatch {
        let logFile: URL
        let begun: ContinuousClock.Instant
        let firstBuild: Bool
        let report: @Sendable (BuildEvent) -> Void
        var log: FileHandle?
        var tail = ""
        var build = BuildProgress()
        var told: ContinuousClock.Instant?
        var over = false
        // SwiftPM waits for another instance's lock; the tool waits a little, then builds elsewhere.
        var lockSeen: (at: ContinuousClock.Instant, tail: String)?

        /// Reads what the log says now; `true` when another SwiftPM has held the build folder's
        /// lock for longer than `lockPatience`.
        mutating func look(at now: ContinuousClock.Instant, runStarted: Bool, lockPatience: Duration) -> Bool
        {
            if runStarted || build.isComplete, !over { finish(at: now) }
            guard !runStarted else { return false }
            if log == nil { log = try? FileHandle(forReadingFrom: logFile) }
            if let data = try? log?.readToEnd(), !data.isEmpty {
                let text = String(decoding: data, as: UTF8.self)
                tail = String(tail.suffix(400)) + text
                // `Another instance of SwiftPM (PID: 20470) is already running using '…/.build',
                // waiting…` in 6.3; older versions leave out the PID.
                if lockSeen == nil, tail.contains("Another instance of SwiftPM"),
                    tail.contains("is already running")
                {
                    lockSeen = (now, tail)
                }
                if build.consume(text), !build.isComplete { tell(at: now) }
            }
            if lockSeen == nil, !over, now - (told ?? begun) >= .seconds(1) { tell(at: now) }
            guard let seen = lockSeen else { return false }
            if tail != seen.tail {
                lockSeen = nil  // the other SwiftPM let go: the build goes on here
                tail = ""
                return false
            }
            return now - seen.at > lockPatience
        }

        /// The build is over (or the pass is): said once.
        mutating func finish(at now: ContinuousClock.Instant) {
            guard !over else { return }
            over = true
            report(.finished(elapsed: now - begun))
        }

        private mutating func tell(at now: ContinuousClock.Instant) {
            told = now
            report(.progress(build, elapsed: now - begun, firstBuild: firstBuild))
        }
    }

    /// What one `swift test` left behind.
    private struct Pass {
        /// Why the runner stopped a `swift test` before it ended.
        enum Stop { case hung, lockBusy, interrupted }

        var stream = EventStream()
        var log = ""
        var logPath: String
        var termination = "not started"
        var stop: Stop?
        /// Whether the hanging test process printed its threads' stacks before it was stopped.
        var backtraced = false
    }

    /// The modules to leave out so that the build gets past `errors`, each with its first error,
    /// in the order of the errors; `nil` when leaving modules out can't help: no error, or one
    /// that is in the repository's own code, in a module already left out, or in one `leaving`
    /// needs.
    static func modulesToLeaveOut(
        for errors: [RunReport.CompilerError], leaving: Leaving, leftOut: [String]
    ) -> [(module: String, error: RunReport.CompilerError)]? {
        var found: [(module: String, error: RunReport.CompilerError)] = []
        for error in errors {
            guard let module = error.module, leaving.allows(module), !leftOut.contains(module) else {
                return nil
            }
            if !found.contains(where: { $0.module == module }) { found.append((module, error)) }
        }
        return found.isEmpty ? nil : found
    }

    private func runPass(
        _ number: Int, filter: String?, skips: [String], scratch: URL?, settings: ManifestSettings,
        skipBuild: Bool
    ) -> Pass {
        let fileManager = FileManager.default
        try? fileManager.createDirectory(at: workFolder, withIntermediateDirectories: true)
        let streamFile = workFolder.appending(path: "events-\(number).jsonl")
        let logFile = workFolder.appending(path: "swift-test-\(number).log")
        try? fileManager.removeItem(at: streamFile)
        var pass = Pass(logPath: logFile.path)

        var arguments = command + ["--package-path", root.path]
        if let scratch { arguments += ["--scratch-path", scratch.path] }
        if skipBuild { arguments.append("--skip-build") }
        if let filter { arguments += ["--filter", filter] }
        for skip in skips { arguments += ["--skip", skip] }
        arguments += [
            "--no-parallel", "--event-stream-version", "0", "--event-stream-output-path", streamFile.path,
        ]
        var environment = settings.applied(to: ProcessInfo.processInfo.environment)
        // Every thread's stack on a crash signal: a crash names the learner's line from it, and
        // so does a hang, which the runner turns into a crash signal before it stops the run.
        let backtraces = workFolder.appending(path: "backtraces-\(number)")
        try? fileManager.removeItem(at: backtraces)
        try? fileManager.createDirectory(at: backtraces, withIntermediateDirectories: true)
        environment["SWIFT_BACKTRACE"] = Backtrace.environment(writingTo: backtraces)
        // The first build: no test binary yet (`swift run kata` has made the folder already, for
        // the tool itself).
        let buildFolder = scratch ?? root.appending(path: ".build")
        let firstBuild = !fileManager.fileExists(
            atPath: buildFolder.appending(path: "debug/PatternKatasPackageTests.xctest").path)

        let child: ChildProcess
        do {
            child = try ChildProcess(arguments: arguments, environment: environment, outputPath: logFile.path)
        } catch {
            pass.termination = error.description
            return pass
        }

        let clock = ContinuousClock()
        var startedAt: [String: ContinuousClock.Instant] = [:]
        var stream: FileHandle?
        func readStream() {
            if stream == nil { stream = try? FileHandle(forReadingFrom: streamFile) }
            if let data = try? stream?.readToEnd() { pass.stream.consume(data) }
        }
        var build = BuildWatch(logFile: logFile, begun: clock.now, firstBuild: firstBuild, report: onBuild)
        while child.isRunning, pass.stop == nil {
            readStream()
            let now = clock.now
            for id in pass.stream.running where startedAt[id] == nil { startedAt[id] = now }
            if Interrupt.requested {
                pass.stop = .interrupted
            } else if let running = pass.stream.running.last, let start = startedAt[running],
                now - start > timeLimit
            {
                pass.stop = .hung
                pass.backtraced = askForStacks(of: child, in: backtraces)
            } else if build.look(at: now, runStarted: pass.stream.runStarted, lockPatience: lockPatience) {
                pass.stop = .lockBusy
            } else {
                Thread.sleep(forTimeInterval: Self.seconds(pollInterval))
            }
        }
        child.stop()  // what the loop gave up on; nothing left to do once the child has ended
        build.finish(at: clock.now)
        readStream()
        pass.log = Self.text(of: logFile)
        // The backtracer's reports, after the log, where a backtracer that can't write a file
        // (an older runtime) would have printed them.
        pass.log += Self.reports(in: backtraces).map { "\n" + $0 }.joined()
        switch child.termination {
        case .exited(let status)?: pass.termination = "exit status \(status)"
        case .signalled(let signal)?: pass.termination = "signal \(signal)"
        case nil: pass.termination = "still running"
        }
        return pass
    }

    /// Has the test process print every thread's stack before a hang is stopped: it sends the
    /// processes under `swift test` (the test process; `swift test` itself is left alone) the
    /// crash signal SIGQUIT, which Swift's backtracer answers with the stacks
    /// (``Backtrace/environment``), then waits for `swift test` to see its test process end.
    ///
    /// - Returns: whether the stacks came in time (at most ``backtracePatience``): a report in
    ///   `folder` that reached its end, or a test process that ended by itself.
    private func askForStacks(of child: ChildProcess, in folder: URL) -> Bool {
        let clock = ContinuousClock()
        let asked = clock.now
        let testProcesses = ChildProcess.descendants(of: child.pid)
        guard !testProcesses.isEmpty else { return false }
        progress("A test hangs; asking it where it is…")
        for process in testProcesses { kill(process, SIGQUIT) }
        while child.isRunning, clock.now - asked < backtracePatience, !Interrupt.requested {
            if Self.reports(in: folder).contains(where: { $0.contains(Backtrace.endMarker) }) { return true }
            Thread.sleep(forTimeInterval: Self.seconds(pollInterval))
        }
        return Self.reports(in: folder).contains { !Backtrace(log: $0).threads.isEmpty }
    }

    /// The backtracer's reports in `folder`, one text per crashed or stopped process.
    static func reports(in folder: URL) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.sorted().map { text(of: folder.appending(path: $0)) }
    }

    /// The text of the file at `url`, empty when there is none.
    ///
    /// Not strict UTF-8: SwiftPM relays the test process's output from a buffer while it writes
    /// its own lines at once, so one of them can land inside a character, and a strict reading
    /// would drop the whole log.
    package static func text(of url: URL) -> String {
        (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Where the learner's code was when a hanging test was stopped: the first frame in
    /// `Katas/` on any thread's stack.
    ///
    /// A frame the backtracer gave no line for (a loop with an empty body spins on instructions
    /// of no line) gets its line from the binary's line table (`lineTable`, ``LineTable`` by
    /// default); failing that, the file and the function are still right, and the place says so.
    static func hangLocation(
        in log: String, root: String,
        lineTable: (Backtrace.Frame, Backtrace) -> Int? = LineTable.line(of:in:)
    ) -> String? {
        let backtrace = Backtrace(log: log)
        return backtrace.firstKataFrame(under: root, crashedOnly: false).map { found in
            if found.frame.line == nil, let line = lineTable(found.frame, backtrace) {
                return found.place + ":\(line) (in \(found.frame.function))"
            }
            return found.place + " (in \(found.frame.function)"
                + (found.frame.line == nil ? "; \(RunReport.Hang.noLine))" : ")")
        }
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `text` with every regular-expression metacharacter escaped.
    static func escaped(_ text: String) -> String {
        text.map { "\\^$.|?*+()[]{}".contains($0) ? "\\\($0)" : String($0) }.joined()
    }
}
