/// Where any part of the app obtains a scan capability (decode, display, process) by its
/// protocol, never by its concrete class: a service locator.
///
/// Callers ask for `(any CodeDecoding).self` and get whatever was registered for it: in the
/// app, the proxy registered for that protocol at start-up. Each test makes its own locator;
/// the app makes one at start-up. It is used from many tasks at once.
public final class CapabilityLocator: Sendable {
    /// Creates an empty locator.
    public init() {}

    /// Registers `implementation` as the capability `capability`, replacing any earlier one.
    ///
    /// `implementation` must be a `Capability`: registering an object that doesn't conform
    /// doesn't compile.
    public func register<Capability: Sendable>(_ implementation: Capability, for capability: Capability.Type)
    {
        // TODO: Step 1 — keep it under a key made from the type itself, not from its name, safely across tasks (rules 1.1, 1.3, 1.4, 1.6).
    }

    /// The implementation registered for `capability`, or `nil` when none was.
    public func resolve<Capability: Sendable>(_ capability: Capability.Type) -> Capability? {
        // TODO: Step 1 — look it up by the same key; nothing registered: nil (rules 1.1, 1.2).
        nil
    }

    /// Forgets every capability.
    public func removeAll() {
        // TODO: Step 1 — empty the locator, which keeps working afterwards (rule 1.5).
    }
}
