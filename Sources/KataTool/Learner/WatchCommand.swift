import Foundation
import KataCore
import KataSystem

/// `kata watch [<kata>]`: runs a kata's tests again on every save under `Katas/`.
///
/// Without a name it watches the current kata (``LearnerState/currentKata``), and follows the
/// kata whose file was saved. When the kata goes all green, it says so and moves on to the next
/// one; after the last, it says every kata is done and ends.
///
/// It polls modification times (no dependency, works everywhere): every 20 ms those of the files
/// that can change the kata's result (its folder, and a capstone's prerequisites'), and, when no
/// kata was named, every half second the rest of `Katas/`, to follow a learner who moves on.
/// `--manual` runs again only when Enter is pressed, for file systems that don't update them.
/// Ctrl-C stops the run in progress and quits.
enum WatchCommand {
    /// What the watch reads from outside: runs, typing, the files' times, the clock.
    ///
    /// ``run(_:_:)`` gives it the real ones; the tests script their own.
    struct World {
        /// Runs the kata's tests and prints them (``TestCommand/test(_:context:)``).
        var test: (Kata) -> ExitStatus
        /// Shows the next hint of the kata's step.
        var hint: (Kata) -> Void
        /// The next line typed, waiting at most this many milliseconds; `nil` if none came.
        var line: (Int32) -> String?
        /// Whether standard input is a terminal, so that `h` and `q` can be typed.
        var typing: Bool
        /// The modification time of every file under these folders, by path.
        var modificationTimes: ([String]) -> [String: Date]
        /// Whether Ctrl-C was pressed.
        var interrupted: () -> Bool
        var now: () -> ContinuousClock.Instant
    }

    static func run(_ options: Options, _ context: KataCommand.Context) throws(ExitStatus) -> ExitStatus {
        let first = try context.kataOrCurrent()
        // Once, not on every save: it asks git about every kata until each one is noted.
        GitStubSource.recordStubCommits(in: context.workspace)
        let input = StandardInput()
        let world = World(
            test: { context.runAndReport($0) },
            hint: { kata in
                var hint = context
                hint.options.positional = [kata.pattern.name]
                hint.options.step = nil
                _ = try? HintCommand.run(hint.options, hint)
            },
            line: input.line(waitingUpTo:), typing: input.isTerminal,
            modificationTimes: { modificationTimes(in: context.workspace, folders: $0) },
            interrupted: { Interrupt.requested }, now: { .now })
        return watch(first, following: options.positional.isEmpty, context: context, world: world)
    }

    /// Runs `first`'s tests, then again on every save, until the learner quits or every kata is
    /// done; with `following`, a save in another kata moves the watch there.
    static func watch(_ first: Kata, following: Bool, context: KataCommand.Context, world: World)
        -> ExitStatus
    {
        context.workOn(first)
        let manual = context.options.has(.manual)
        var loop = WatchLoop(kata: first, following: following)
        var (runs, ticks, clear) = (0, 0, true)
        while true {
            // Two snapshots, taken before the run so that a save during it counts: what can change
            // this kata's result, looked at every 20 ms, and (to follow a learner who moves on)
            // the rest of Katas/, every half second.
            let snapshot = world.modificationTimes(WatchLoop.folders(of: loop.kata))
            var everything = loop.following ? world.modificationTimes(["Katas"]) : [:]
            if clear { Console.clearScreen(of: context.terminal) }
            clear = true
            let started = world.now()
            let kata = loop.kata
            let status = world.test(kata)
            if status == .interrupted || world.interrupted() { return .interrupted }
            runs += 1
            let next = loop.ran(done: status == .success) {
                var state = context.workspace.loadState()
                state.chosen = kata.pattern.name
                return state.currentKata
            }
            switch next {
            case .allDone:
                context.output.line("\n" + context.printer.everyKataDone)
                return .success
            case .moveOn(let next):
                context.workOn(next)
                let onTo = context.terminal.paint(
                    "On to \(next.pattern.displayName), the next kata not done:", .green)
                context.output.line("\n\(onTo)\n")
                clear = false
                continue
            case .wait: break
            }
            let seconds = (world.now() - started).formatted(
                .units(allowed: [.seconds], fractionalPart: .show(length: 2)))
            context.output.line("")
            context.line(
                "Run \(runs) took \(seconds). "
                    + (manual ? "Press Enter to run again" : "Watching Katas/ for saves")
                    + (world.typing ? " · h Enter: hint · q Enter: quit" : "") + " · Ctrl-C: quit", .dim)
            Console.flush()
            // Wait for a save, Enter, or Ctrl-C.
            waiting: while true {
                if world.interrupted() { return .interrupted }
                if let line = world.line(20) {
                    switch loop.typed(line) {
                    case .quit: return .success
                    case .runAgain: break waiting
                    case .hint:
                        world.hint(loop.kata)
                        continue waiting
                    }
                }
                if manual { continue }
                if world.modificationTimes(WatchLoop.folders(of: loop.kata)) != snapshot { break waiting }
                ticks += 1
                guard loop.following, ticks % 25 == 0 else { continue }
                let now = world.modificationTimes(["Katas"])
                // What changed or came, then what went.
                let changed =
                    now.filter { everything[$0.key] != $0.value }.map(\.key).sorted()
                    + everything.keys.filter { now[$0] == nil }.sorted()
                everything = now
                if let saved = loop.saved(changed) {
                    context.workOn(saved)
                    break waiting
                }
            }
        }
    }

    /// The modification time of every file under `folders`, by path.
    static func modificationTimes(in workspace: Workspace, folders: [String]) -> [String: Date] {
        let paths = folders.flatMap { folder in workspace.files(in: folder).map { "\(folder)/\($0)" } }
        return Dictionary(paths.map { ($0, workspace.modificationDate(of: $0)) }) { _, last in last }
    }
}
