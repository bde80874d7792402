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
        // TODO: Step 3 — keep the strategy: the model holds exactly one at a time.
    }

    /// Searches for `term` with the current strategy and shows its answer in ``results``.
    public func search(for term: String) async {
        // TODO: Step 3 — remember the term, ask the current strategy, show its answer.
        // TODO: Step 4 — if a newer search or scope change happened while you waited, drop this answer.
    }

    /// Switches to `strategy` and searches again for the current ``term``.
    public func changeScope(to strategy: any SearchStrategy) async {
        // TODO: Step 3 — swap the strategy, then search again for the current term.
    }
}
