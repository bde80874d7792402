import ScanKit

/// The place-search screen's model: what the screen lists for the current term and scope.
///
/// Role: **Context**. It holds exactly one ``SearchStrategy`` and hands it every search. It
/// never asks *which* strategy it has: no enum of modes, no `if`/`switch` over them. That is
/// the whole point: a new scope is a new strategy type, and this file doesn't change.
///
/// - Note: Why `@MainActor`: a screen model is read by the UI, which runs on the main actor.
///   Isolating the class there makes every property access safe without locks. It also makes
///   the class `Sendable`, so a `Task` that runs a search may hold it.
/// - Note: Why a class: the screen and the code that reacts to it share one model; its identity
///   is the point.
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

    private var strategy: any SearchStrategy

    // Why: every `await` is a point where other main-actor work can run, such as the next
    // keystroke's search or a scope change. Each search takes a number; only the latest one may
    // write `results`, so a slow geocoder answering late can't replace a newer answer.
    // Why a number, not the term and the strategy's type: a scope change from a 1 km to a 100 m
    // search near the same address keeps both, yet its answer is the newer one.
    private var latestSearch = 0

    /// Creates a model that searches `places` with `strategy` until the scope changes.
    public init(places: [Place], strategy: any SearchStrategy) {
        self.places = places
        self.strategy = strategy
    }

    /// Searches for `term` with the current strategy and shows its answer.
    public func search(for term: String) async {
        self.term = term
        await refresh()
    }

    /// Switches to `strategy` and searches again for the current term.
    ///
    /// The caller hands over the strategy itself: the model never asks which scope was chosen.
    public func changeScope(to strategy: any SearchStrategy) async {
        self.strategy = strategy
        await refresh()
    }

    private func refresh() async {
        latestSearch += 1
        let thisSearch = latestSearch
        // `strategy`, `places` and `term` are read as the call starts: they are this search's
        // inputs. A scope change or a new term while we wait starts a search of its own.
        let found = await strategy.filter(places, matching: term)
        // Why: if another search started while we waited, this answer is stale. Dropping it is
        // safe because the newer search will write (or has written) its own answer.
        guard thisSearch == latestSearch else { return }
        results = found
    }
}
