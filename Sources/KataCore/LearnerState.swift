import Foundation

/// What the tool remembers between runs, in `.kata/state.json`.
package struct LearnerState: Codable, Equatable {
    /// The katas the learner has tried: run on their own through the tool, or with a step green.
    package var ran: Set<String> = []
    /// When each kata's tests last ran through the tool.
    package var lastRun: [String: Date] = [:]
    /// Each kata's step to work on, as of its last run (absent once every step is green).
    package var currentStep: [String: Int] = [:]
    /// How many hints the learner has seen, by `Pattern/step`.
    package var hintsSeen: [String: Int] = [:]
    /// The commit each kata's untouched stubs were first seen in, for `reset`.
    package var stubCommits: [String: String] = [:]
    /// The katas whose every step was green when their tests last ran.
    package var done: Set<String> = []
    /// The kata the learner last named (`kata test factory`, `kata watch factory`…): they moved
    /// on to it, whatever the learning path's order says.
    package var chosen: String?
    /// The modules the last run found not to compile, by name (``Workspace/stillNotCompiling()``).
    var leftOut: [String: NotCompiling] = [:]

    /// A module that did not compile: its first error, and when the run that found it began.
    struct NotCompiling: Codable, Equatable {
        var error: RunReport.CompilerError
        var since: Date
    }

    init() {}

    /// The kata to work on now, the one every command without a kata name means.
    ///
    /// The rule, as rustlings has it: the kata the learner last named, while it is not done;
    /// once it is done, the next one not done after it, in the learning path's order, coming
    /// round to the start; with none named, the first one not done. `nil` when every kata is done.
    package var currentKata: Kata? {
        let katas = Catalog.katas
        let start = chosen.flatMap { name in katas.firstIndex { $0.pattern.name == name } } ?? 0
        let order = katas[start...] + katas[..<start]
        return order.first { !done.contains($0.pattern.name) }
    }

    /// Reads what is there: a state file from an older tool lacks newer fields.
    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        ran = try values.decodeIfPresent(Set<String>.self, forKey: .ran) ?? []
        lastRun = try values.decodeIfPresent([String: Date].self, forKey: .lastRun) ?? [:]
        currentStep = try values.decodeIfPresent([String: Int].self, forKey: .currentStep) ?? [:]
        hintsSeen = try values.decodeIfPresent([String: Int].self, forKey: .hintsSeen) ?? [:]
        stubCommits = try values.decodeIfPresent([String: String].self, forKey: .stubCommits) ?? [:]
        done = try values.decodeIfPresent(Set<String>.self, forKey: .done) ?? []
        chosen = try values.decodeIfPresent(String.self, forKey: .chosen)
        leftOut = try values.decodeIfPresent([String: NotCompiling].self, forKey: .leftOut) ?? [:]
    }
}
