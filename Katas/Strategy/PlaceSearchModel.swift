import ScanKit

/// The place-search screen's model: what the screen lists for the current term and scope.
///
/// It holds exactly one ``SearchStrategy`` and hands it every search. It must never ask *which*
/// strategy it has: no enum of modes, no `if` or `switch` over them. A new scope is a new
/// strategy type, and this file doesn't change.
///
/// It runs on the main actor, like the screen that reads it.
@MainActor
public final class PlaceSearchModel {
    /// Every place the screen can show; each search filters all of them.
    public let places: [Place]
    /// The term of the latest search; empty until the first one.
    public private(set) var term = ""
    /// What the screen lists: the current strategy's answer for ``term``.
    ///
    /// Empty until the first search.
    public private(set) var results: [Place] = []

    /// Creates a model that searches `places` with `strategy` until the scope changes.
    public init(places: [Place], strategy: any SearchStrategy) {
        self.places = places
        // TODO: Step 3 — keep the strategy: the model holds exactly one at a time (rule 3.6).
    }

    /// Searches for `term` with the current strategy and shows its answer in ``results``.
    public func search(for term: String) async {
        // TODO: Step 3 — remember the term, ask the current strategy with every place, show its
        // answer as is (rules 3.2–3.4).
        // TODO: Step 4 — if a newer search or scope change started while you waited, drop this
        // answer; never make a search wait for an older one (rules 4.1–4.4).
    }

    /// Switches to `strategy` and searches again for the current ``term``.
    public func changeScope(to strategy: any SearchStrategy) async {
        // TODO: Step 3 — swap the strategy, then search again for the current term (rule 3.5).
        // TODO: Step 4 — the same late answers are dropped here as in a search (rule 4.3).
    }
}
