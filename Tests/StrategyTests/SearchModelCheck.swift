import KataTestSupport
import ScanKit
import Strategy
import Synchronization

/// What the brief says the screen model shows, in a few lines: the reference random sequences
/// of searches, scope changes and answers arriving in any order are compared with.
///
/// Every strategy the sequences use holds each answer until the sequence lets it arrive, so
/// any number of searches can wait at once and answer in any order.
struct SearchModel {
    /// What a sequence may do next.
    enum Operation: Sendable, CustomStringConvertible {
        /// The person types a term: a search starts, and waits for its answer.
        case search(term: Int)
        /// The person picks another scope: a search with the new strategy starts, and waits.
        case scope(Int)
        /// One of the searches still waiting gets its answer, picked by number.
        case answer(pick: Int)

        var description: String {
            switch self {
            case .search(let term): "search for \"\(SearchModel.terms[term])\""
            case .scope(let scope): "change the scope to \(SearchModel.scopes[scope])"
            case .answer(let pick): "the waiting search picked by \(pick) answers"
            }
        }
    }

    static let terms = ["", "Café", "café", "Harbour", "ar", "Park"]
    static let scopes = ["by name", "by name, reversed", "first match only"]

    static func operation(using random: inout SeededGenerator) -> Operation {
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1: .search(term: Int.random(in: 0..<terms.count, using: &random))
        case 2: .scope(Int.random(in: 0..<scopes.count, using: &random))
        default: .answer(pick: Int.random(in: 0..<8, using: &random))
        }
    }

    /// What the strategy of `scope` answers for `term`: each scope and term gives its own answer.
    static func answer(scope: Int, term: String, places: [Place]) -> [Place] {
        let matching = places.filter { term.isEmpty || $0.name.localizedCaseInsensitiveContains(term) }
        switch scope {
        case 0: return matching
        case 1: return matching.reversed()
        default: return Array(matching.prefix(1))
        }
    }

    let places: [Place]
    private var scope = 0
    private(set) var term = ""
    private(set) var results: [Place] = []
    /// The searches started, in order, with what each will answer; `nil` once answered.
    private var waiting: [(number: Int, answer: [Place])] = []
    private var started = 0

    init(places: [Place]) {
        self.places = places
    }

    /// Rules 3.2, 3.3, 3.5, 4.1–4.4: the answer of the search that started last is shown.
    mutating func apply(_ operation: Operation) {
        switch operation {
        case .search(let index):
            term = Self.terms[index]
            start()
        case .scope(let index):
            scope = index
            start()
        case .answer(let pick):
            guard !waiting.isEmpty else { return }
            let search = waiting.remove(at: pick % waiting.count)
            if search.number == started { results = search.answer }
        }
    }

    private mutating func start() {
        started += 1
        waiting.append((started, Self.answer(scope: scope, term: term, places: places)))
    }
}

/// A strategy that answers like its scope, but only when the test lets its answer arrive.
final class HeldAnswers: Sendable {
    // `Guarded` (an `NSLock`), not `Mutex`: searches hold here from many tasks at once, and
    // ThreadSanitizer can't see a contended `Mutex`'s lock (.ci/tsan-suppressions.txt).
    private let held = Guarded<[CheckedContinuation<Void, Never>]>([])
    /// How many searches asked a strategy, in all.
    private let asked = Guarded(0)

    var askedCount: Int { asked.withLock { $0 } }
    var waitingCount: Int { held.withLock { $0.count } }

    /// The strategy of `scope`, whose every answer waits here.
    func strategy(scope: Int) -> some SearchStrategy {
        HeldStrategy(scope: scope, answers: self)
    }

    fileprivate func hold() async {
        await withCheckedContinuation { continuation in
            held.withLock { $0.append(continuation) }
            asked.withLock { $0 += 1 }
        }
    }

    /// Lets the `pick`th waiting answer arrive (counting among those still waiting); `false`
    /// when none was waiting.
    func release(pick: Int) -> Bool {
        guard let continuation = held.withLock({ $0.isEmpty ? nil : $0.remove(at: pick % $0.count) }) else {
            return false
        }
        continuation.resume()
        return true
    }

    /// Lets every waiting answer arrive.
    func releaseAll() {
        for continuation in held.withLock({ held in
            defer { held = [] }
            return held
        }) { continuation.resume() }
    }
}

private struct HeldStrategy: SearchStrategy {
    let scope: Int
    let answers: HeldAnswers

    func filter(_ places: [Place], matching term: String) async -> [Place] {
        let answer = SearchModel.answer(scope: scope, term: term, places: places)
        await answers.hold()
        return answer
    }
}

/// How many searches have finished, counted on the main actor.
@MainActor
final class Counter {
    var value = 0
}

@MainActor
enum SearchModelReplay {
    /// Lets the main actor run whatever is ready, until `done` holds.
    ///
    /// No sleeps and no count of turns: each turn is a `Task.yield()`, and the wait ends when
    /// what it waits for has happened, however busy the machine is. Every wait has an end a
    /// wrong solution can reach too (a search that finishes without asking its strategy ends
    /// the wait for the question); one that never ends is a hang, and the suite's time limit
    /// names it.
    static func settle(until done: () -> Bool) async {
        while !done() { await Task.yield() }
    }

    /// Plays `operations` on a fresh screen model and a fresh reference; the first disagreement.
    static func disagreement(_ operations: [SearchModel.Operation], places: [Place]) async -> Discrepancy? {
        let answers = HeldAnswers()
        let model = PlaceSearchModel(places: places, strategy: answers.strategy(scope: 0))
        var reference = SearchModel(places: places)
        var tasks: [Task<Void, Never>] = []
        let finished = Counter()
        defer { answers.releaseAll() }
        for (index, operation) in operations.enumerated() {
            let (askedBefore, finishedBefore) = (answers.askedCount, finished.value)
            switch operation {
            case .search(let term):
                tasks.append(
                    Task {
                        await model.search(for: SearchModel.terms[term])
                        finished.value += 1
                    })
            case .scope(let scope):
                tasks.append(
                    Task {
                        await model.changeScope(to: answers.strategy(scope: scope))
                        finished.value += 1
                    })
            case .answer(let pick):
                if answers.release(pick: pick) {
                    // The answered search finishes on the main actor: give it its turns.
                    await settle { finished.value == finishedBefore + 1 }
                }
            }
            reference.apply(operation)
            let startsASearch = if case .answer = operation { false } else { true }
            if startsASearch {
                await settle { answers.askedCount > askedBefore || finished.value > finishedBefore }
                if answers.askedCount == askedBefore {
                    return Discrepancy(after: index, "the search never asked its strategy")
                }
            }
            if model.term != reference.term {
                return Discrepancy(
                    after: index, "term is \"\(model.term)\"; the brief says \"\(reference.term)\"")
            }
            if model.results != reference.results {
                return Discrepancy(
                    after: index,
                    "results are \(model.results.map(\.name)); the brief says \(reference.results.map(\.name))"
                )
            }
        }
        answers.releaseAll()
        for task in tasks { await task.value }
        return nil
    }
}
