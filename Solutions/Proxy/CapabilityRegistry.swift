import Synchronization

/// Where any part of the app obtains a scan capability (decode, display, process) by its
/// protocol, never by its concrete class.
///
/// Role: the seed's **global proxy**. Callers ask for `(any CodeDecoding).self` and get
/// whatever was registered for it; they never name, create or import the real object.
///
/// Why a class with a `Mutex` and not an actor: capabilities are looked up from synchronous
/// code (a view's `init`, a unit's `receive`), which can't `await`. Why not a global
/// `static let shared`: each test makes its own registry, so tests run in parallel; the app
/// makes one at start-up and passes it on.
public final class CapabilityRegistry: Sendable {
    // Why `ObjectIdentifier` of the metatype: the seed keyed by the protocol's *name* as a
    // string, so two protocols called `Display` in two modules took each other's place. A
    // metatype is unique per type, whatever its name.
    private let entries = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// Creates an empty registry.
    public init() {}

    /// Registers `implementation` as the capability `capability`, replacing any earlier one.
    ///
    /// `implementation` must be a `Capability`: registering an object that doesn't conform
    /// doesn't compile.
    public func register<Capability: Sendable>(_ implementation: Capability, for capability: Capability.Type)
    {
        entries.withLock { $0[ObjectIdentifier(capability)] = implementation }
    }

    /// The implementation registered for `capability`, or `nil` when none was.
    public func resolve<Capability: Sendable>(_ capability: Capability.Type) -> Capability? {
        // Why the cast is safe: `register` only stores a `Capability` under its own key.
        entries.withLock { $0[ObjectIdentifier(capability)] } as? Capability
    }

    /// Forgets every capability.
    public func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
