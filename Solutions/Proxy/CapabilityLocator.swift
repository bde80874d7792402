import Synchronization

/// Where any part of the app obtains a scan capability (decode, display, process) by its
/// protocol, never by its concrete class.
///
/// Role: a **service locator**, not a proxy. The scan write-up called it a "global proxy"
/// because what it held were proxies: at start-up the app registers one stand-in per capability
/// protocol (a ``DecoderProxy`` for `CodeDecoding`), and the module that really decodes attaches
/// itself to that stand-in later. Callers ask for `(any CodeDecoding).self` and never name,
/// create or import the real object.
///
/// Why a class with a `Mutex` and not an actor: capabilities are looked up from synchronous
/// code (a view's `init`, a unit's `receive`), which can't `await`. Why not a global
/// `static let shared`: each test makes its own locator, so tests run in parallel; the app
/// makes one at start-up and passes it on.
public final class CapabilityLocator: Sendable {
    // Fixes bug 7 on docs/sources.md: the key is the metatype's `ObjectIdentifier`, unique per
    // type, not the protocol's name, which two protocols in two modules can share.
    private let entries = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// Creates an empty locator.
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
