import Foundation

/// What `kata watch` does next: an event in, a decision out, apart from the console, the clock
/// and the files, which the command reads and acts on.
package struct WatchLoop: Equatable {
    package private(set) var kata: Kata
    /// Whether no kata was named: a save in another kata moves the watch there.
    package let following: Bool
    /// Whether the kata was done at the run before the last; `nil` before its first run.
    private var wasDone: Bool?

    package init(kata: Kata, following: Bool) {
        self.kata = kata
        self.following = following
    }

    /// After a run of ``kata``.
    package enum AfterRun: Equatable {
        /// Wait for a save, or a line typed.
        case wait
        /// It went all green while watched: on to `next`, the next kata not done, at once.
        case moveOn(to: Kata)
        /// It went all green while watched, and every kata is done.
        case allDone
    }

    /// A run of ``kata`` ended, all green (`done`) or not; `next` is the kata the learner would
    /// be on once this one is done (``LearnerState/currentKata``).
    package mutating func ran(done: Bool, next: () -> Kata?) -> AfterRun {
        defer { wasDone = done }
        // Only a kata that turns green while watched moves on: one green from the start stays.
        guard done, wasDone == false else { return .wait }
        guard let next = next() else { return .allDone }
        kata = next
        wasDone = nil
        return .moveOn(to: next)
    }

    /// What a line typed while waiting asks for: anything but quit or hint, Enter alone included,
    /// runs again.
    package enum Typed: Equatable { case quit, hint, runAgain }

    /// The learner typed `line` (without its newline).
    package func typed(_ line: String) -> Typed {
        switch line.trimmingCharacters(in: .whitespaces).lowercased() {
        case "q", "quit": .quit
        case "h", "hint": .hint
        default: .runAgain
        }
    }

    /// The files at `paths` (`Katas/<Kata>/…`) changed while waiting, in this order.
    ///
    /// - Returns: the kata to run: ``kata`` when a change can change its result (its folder, or
    ///   a capstone's prerequisites'); while following, the kata of the first change in another
    ///   kata's folder, which becomes the one watched; `nil` when none of them matters.
    package mutating func saved(_ paths: [String]) -> Kata? {
        let mine = Set(Self.folders(of: kata))
        let changed = paths.compactMap(Self.folder(of:))
        if changed.contains(where: mine.contains) { return kata }
        let others = changed.lazy.compactMap { folder in
            Catalog.katas.first { "Katas/\($0.pattern.name)" == folder }
        }
        guard following, let other = others.first else { return nil }
        kata = other
        wasDone = nil
        return other
    }

    /// The folders whose files can change `kata`'s result: its own, and a capstone's
    /// prerequisites', which it runs.
    package static func folders(of kata: Kata) -> [String] {
        ([kata.pattern] + kata.prerequisites).map { "Katas/\($0.name)" }
    }

    /// `Katas/Strategy` for `Katas/Strategy/Lexical.swift`; `nil` outside a kata's folder.
    private static func folder(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count > 2, parts[0] == "Katas" else { return nil }
        return "Katas/\(parts[1])"
    }
}
