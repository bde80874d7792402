// Strategy — the reference solution.
//
// Roles in this kata:
//   Strategy          → `SearchStrategy` (this file): the one thing every search algorithm offers.
//   ConcreteStrategy  → `LexicalSearchStrategy`, `NearAddressSearchStrategy`.
//   Context           → `PlaceSearchModel`: holds one strategy and delegates to it.
//   Client            → whoever picks the strategy: the screen's scope buttons (in the tests,
//                       the tests themselves).
//
// There is no enum of scopes and no if/else over them: a scope *is* a strategy object, and
// adding a third search is adding a third type.

import ScanKit

/// One way of searching places: the thing the search screen's scope buttons switch between.
///
/// A strategy answers one question: given every place and the term the person typed, which
/// places should the screen list, and in what order?
///
/// - Note: Why `Sendable`: the screen model lives on the main actor and hands its strategy to
///   async code, so strategies must be safe to share across concurrency domains. A struct that
///   conforms is checked like any `Sendable` struct: every stored property must be `Sendable`.
/// - Note: Why `async`: some strategies wait on a service (the geocoder); a strategy that
///   doesn't still satisfies the requirement with a plain synchronous method.
/// - Note: Why one method that takes the term: a strategy that stored the term between two calls
///   would share that state with whoever else held it. Fixes bug 8 on docs/sources.md: each
///   strategy is a pure function of its inputs.
public protocol SearchStrategy: Sendable {
    /// The places from `places` that match `term`, in the order the screen shows them.
    func filter(_ places: [Place], matching term: String) async -> [Place]
}
