import ScanKit

/// One way of searching places: the thing the search screen's scope buttons switch between.
///
/// A strategy answers one question: given every place and the term the person typed, which
/// places should the screen list, and in what order?
///
/// This protocol is complete: you don't change it. You write the types that conform to it
/// (steps 1 and 2) and the model that uses it (steps 3 and 4).
///
/// - `Sendable`: the screen model runs on the main actor and hands its strategy to async code.
/// - `async`: a strategy may wait for a service such as a geocoder. A strategy that doesn't
///   wait can implement this with a plain, synchronous method.
public protocol SearchStrategy: Sendable {
    /// The places from `places` that match `term`, in the order the screen shows them.
    func filter(_ places: [Place], matching term: String) async -> [Place]
}
