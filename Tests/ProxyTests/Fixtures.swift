import MessagingKit
import Proxy
import ScanKit
import Synchronization
import Testing

extension Tag {
    /// Tests of the shopping app's scan domain.
    @Tag static var scan: Self
    /// Tests of the real-time messaging domain.
    @Tag static var messaging: Self
}

// MARK: - Capabilities declared by the tests

/// Shows a scan result: a capability the registry has never heard of.
protocol ResultDisplaying: Sendable {
    func show(_ code: ScannedCode) -> String
}

/// Handles a scanned code after display: another capability.
protocol CodeProcessing: Sendable {
    func process(_ code: ScannedCode) -> String
}

struct BannerDisplay: ResultDisplaying {
    let style: String
    func show(_ code: ScannedCode) -> String { "\(style): \(code.payload)" }
}

struct CartProcessor: CodeProcessing {
    func process(_ code: ScannedCode) -> String { "added \(code.payload)" }
}

/// Two features each call their capability `Display`: same name, different protocols.
enum Checkout {
    protocol Display: Sendable { var screen: String { get } }
}

enum Search {
    protocol Display: Sendable { var screen: String { get } }
}

struct CheckoutScreen: Checkout.Display { let screen = "checkout" }
struct SearchScreen: Search.Display { let screen = "search" }

/// A code for the tests.
func code(_ payload: String) throws -> ScannedCode {
    try ScannedCode(payload: payload, symbology: .qr)
}

// MARK: - Transports

/// An in-memory transport, not connected yet.
func offlineTransport() throws -> InMemoryTransport {
    InMemoryTransport(url: try ServerURL("wss://chat.example.com/socket"))
}

/// The names of the events a transport sent, in order.
func sentNames(_ transport: InMemoryTransport) -> [String] {
    transport.sentEvents.map(\.name.rawValue)
}

let guest = ChatUser(name: "guest", mayPost: false)
let member = ChatUser(name: "ada", mayPost: true)

// MARK: - Decoders

/// Counts how many real decoders were made, and decodes like ``FrameCodeDecoder``.
final class DecoderFactory: Sendable {
    private let made = Atomic(0)
    private let callersStarted = Atomic(0)
    private let patience: Int

    /// A factory whose `make` waits at most `patience` turns for other callers; a test with one
    /// caller passes 0.
    init(patience: Int = 20_000_000) {
        self.patience = patience
    }

    var count: Int { made.load(ordering: .relaxed) }

    /// Called by a test's task just before it uses the proxy.
    func callerStarts() { callersStarted.add(1, ordering: .relaxed) }

    /// Makes a decoder.
    ///
    /// Making takes a while, as loading a model does: it waits (without sleeping, and for a
    /// bounded number of turns) until two more callers have started after it. The first of
    /// them has then certainly asked the proxy: a proxy that makes outside its lock has let it
    /// make a second decoder meanwhile; one that makes under its lock has kept it waiting.
    func make() -> any CodeDecoding {
        made.add(1, ordering: .relaxed)
        let startedBefore = callersStarted.load(ordering: .relaxed)
        var spins = 0
        while callersStarted.load(ordering: .relaxed) < startedBefore + 2 && spins < patience { spins += 1 }
        return FrameCodeDecoder()
    }
}

/// Collects what callers report, from any thread, for assertions.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    var all: [Value] { values.withLock { $0 } }
    func record(_ value: Value) { values.withLock { $0.append(value) } }
}

/// Counts, from any thread, without a lock.
final class Counter: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}
