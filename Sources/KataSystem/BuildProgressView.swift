import Foundation
import KataCore
import Synchronization

/// Shows a build's progress while the learner waits.
///
/// On a terminal with colours, one line that rewrites itself:
///
/// ```
/// Building ▕██████░░░░░░░░▏ 143/200  71%  Compiling KataTool Options.swift  1:12
/// ```
///
/// Without colours (`NO_COLOR`, `TERM=dumb`, or output to a pipe or a file), a plain line each
/// time another tenth of the build is done, so a log stays short and readable.
///
/// - Note: Why `Sendable`, with its state in a `Mutex`: the test runner it listens to is a
///   `Sendable` value (its tests run it away from Swift Testing's few threads), so what it calls
///   must be too. Only one build reports to a view at a time; the lock costs nothing here.
package final class BuildProgressView: Sendable {
    let terminal: Terminal
    /// Where the text goes; the tool's tests keep it.
    let write: @Sendable (String) -> Void
    /// The terminal's width, in columns.
    let width: @Sendable () -> Int

    /// How long a build runs before anything is shown: an edit's rebuild takes a second or two,
    /// and the watch loop stays quiet for it.
    static let quietFor: Duration = .seconds(1)
    /// A build at least this long is summed up when it ends.
    static let worthSaying: Duration = .seconds(10)

    private struct Shown {
        var lineOpen = false
        var toldFirstBuild = false
        var lastTenth = -1
        var lastDrawn: Duration?
    }
    private let shown = Mutex(Shown())

    package init(
        terminal: Terminal,
        write: @escaping @Sendable (String) -> Void = { text in
            print(text, terminator: "")
            Console.flush()
        },
        width: @escaping @Sendable () -> Int = { Console.size()?.columns ?? 80 }
    ) {
        self.terminal = terminal
        self.write = write
        self.width = width
    }

    /// Whether the view rewrites one line, rather than printing plain lines.
    var rewrites: Bool { terminal.usesColor }

    /// Handles one of the runner's build events.
    package func handle(_ event: TestRunner.BuildEvent) {
        let text = shown.withLock { shown in render(event, &shown) }
        if !text.isEmpty { write(text) }
    }

    /// What `event` adds to the screen, given what is shown.
    private func render(_ event: TestRunner.BuildEvent, _ shown: inout Shown) -> String {
        var text = ""
        switch event {
        case .progress(let progress, let elapsed, let firstBuild):
            guard elapsed >= Self.quietFor else { return "" }
            if firstBuild, !shown.toldFirstBuild {
                shown.toldFirstBuild = true
                text += closeLine(&shown)
                let note =
                    "The first build compiles the whole package: a few minutes on a small machine. "
                    + "After it, a run rebuilds only what you changed, in seconds."
                text += terminal.paint(rewrites ? Terminal.wrap(note, width: width()) : note, .dim) + "\n"
            }
            if rewrites {
                // Redraw at most 10 times a second: the elapsed time is the only thing that moves
                // during a long compile.
                if let last = shown.lastDrawn, elapsed - last < .milliseconds(100) { return text }
                shown.lastDrawn = elapsed
                text += "\r\u{1B}[2K" + line(progress, elapsed: elapsed, width: width())
                shown.lineOpen = true
            } else {
                let tenth = progress.hasStarted ? Int(progress.fraction * 10) : -1
                guard tenth > shown.lastTenth else { return text }
                shown.lastTenth = tenth
                text += line(progress, elapsed: elapsed, width: .max) + "\n"
            }
        case .finished(let elapsed):
            let wasShown = shown.lineOpen || shown.lastTenth >= 0 || shown.toldFirstBuild
            text += closeLine(&shown)
            if wasShown, elapsed >= Self.worthSaying {
                text += terminal.paint("Built in \(Self.clock(elapsed)).", .dim) + "\n"
            }
            shown.lastTenth = -1
            shown.lastDrawn = nil
        }
        return text
    }

    /// Ends the rewritten line, so that what follows starts on a clean one.
    private func closeLine(_ shown: inout Shown) -> String {
        guard shown.lineOpen else { return "" }
        shown.lineOpen = false
        return "\r\u{1B}[2K"
    }

    /// The progress as one line, at most `width` columns.
    func line(_ progress: BuildProgress, elapsed: Duration, width: Int) -> String {
        let time = Self.clock(elapsed)
        guard progress.hasStarted else {
            return terminal.paint("Building… planning the build  \(time)", .dim)
        }
        let counts = "\(progress.done)/\(progress.total)" + (progress.percent.map { "  \($0)%" } ?? "")
        if !rewrites { return "Building: \(counts), \(time) — \(progress.current)" }
        // Counts and time always; then the bar, then what is compiling now, as the width allows.
        var room = width - 1 - "Building ".count - counts.count - 2 - time.count
        let cells = 20
        var bar = ""
        if room >= cells + 3 {
            room -= cells + 3
            let filled = Int(progress.fraction * Double(cells))
            bar =
                "▕" + terminal.paint(String(repeating: "█", count: filled), .green)
                + terminal.paint(String(repeating: "░", count: cells - filled), .dim) + "▏ "
        }
        var current = progress.current
        if room < 10 {
            current = ""
        } else if current.count > room - 2 {
            current = String(current.prefix(room - 3)) + "…"
        }
        return "Building " + bar + counts + "  "
            + (current.isEmpty ? "" : terminal.paint(current, .dim) + "  ")
            + time
    }

    /// `1:05`, `12:40`: minutes and seconds.
    static func clock(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        return String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}
