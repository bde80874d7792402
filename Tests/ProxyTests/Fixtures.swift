import KataTestSupport
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

/// Shows a scan result: a capability the locator has never heard of.
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

/// A proxy another team wrote for its own capability, in the shape of the kata's decoder proxy.
///
/// Registered at start-up, the real display attached later. The locator has never heard of it.
final class ResultDisplayProxy: ResultDisplaying {
    private let real = Mutex<(any ResultDisplaying)?>(nil)

    func attach(_ display: any ResultDisplaying) { real.withLock { $0 = display } }

    /// Nothing attached: nothing shown, as `ResultDisplaying` would document.
    func show(_ code: ScannedCode) -> String { real.withLock { $0 }?.show(code) ?? "" }
}

/// A part of the scan screen that is handed a decoder when it is made and keeps it: it expects
/// the subject, `CodeDecoding`, and never resolves again.
struct ScanScreen: Sendable {
    let decoder: any CodeDecoding

    /// The payloads the screen shows for `frame`.
    func payloads(in frame: Frame) -> [String] { decoder.decode(frame).map(\.payload) }
}

/// Decodes every frame as one code with a fixed payload: tells two decoders apart.
struct LabelDecoder: CodeDecoding {
    let label: String
    func decode(_ frame: Frame) -> [ScannedCode] {
        (try? ScannedCode(payload: label, symbology: .qr)).map { [$0] } ?? []
    }
}

/// A decoder that, while it decodes its first frame, hands over to `successor` by attaching it
/// to the proxy it is attached to: a callback that calls back into the proxy.
final class HandOverDecoder: CodeDecoding {
    private let proxy: DecoderProxy
    private let successor: any CodeDecoding
    private let handedOver = Atomic(false)

    init(proxy: DecoderProxy, successor: any CodeDecoding) {
        self.proxy = proxy
        self.successor = successor
    }

    func decode(_ frame: Frame) -> [ScannedCode] {
        if !handedOver.exchange(true, ordering: .relaxed) { proxy.attach(successor) }
        return (try? ScannedCode(payload: "first", symbology: .qr)).map { [$0] } ?? []
    }
}

/// A decoder that takes a second look at a frame by decoding it again through the lazy decoder
/// it stands behind: a real subject that calls back into its proxy while it decodes.
///
/// The first frame's codes come twice: once from this look, once from the second.
final class SecondLookDecoder: CodeDecoding {
    private struct Behind {
        weak var proxy: LazyDecoder?
    }
    private let behind = Mutex(Behind())

    /// Decodes the first frame a second time through `proxy`.
    func look(through proxy: LazyDecoder) { behind.withLock { $0.proxy = proxy } }

    func decode(_ frame: Frame) -> [ScannedCode] {
        guard frame.number == 1, let proxy = behind.withLock({ $0.proxy }) else { return frame.codes }
        return frame.codes + proxy.decode(Frame(number: 2, codes: frame.codes))
    }
}

/// A decoder whose answer changes with every call, as a model that sharpens does: its `n`th
/// call returns one code with the payload `answer n`.
final class SharpeningDecoder: CodeDecoding {
    private let calls = Atomic(0)

    /// How many times `decode` was called.
    var count: Int { calls.load(ordering: .relaxed) }

    func decode(_ frame: Frame) -> [ScannedCode] {
        let call = calls.add(1, ordering: .relaxed).newValue
        return (try? ScannedCode(payload: "answer \(call)", symbology: .qr)).map { [$0] } ?? []
    }
}

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

/// A refusal of the tests' own: no kata code has heard of it, so a wrapper can only pass it on.
struct Refused: Error, Hashable {
    let event: String
}

/// A transport double in front of an ``InMemoryTransport``, written by the tests: it counts
/// every call to `send`, and throws what `refusal` returns for an event (whatever the status)
/// instead of sending it.
final class CountingTransport: Transport {
    let inner: InMemoryTransport
    private let refusal: @Sendable (Event) -> (any Error)?
    private let sendCalls = Atomic(0)
    private let connectCalls = Atomic(0)
    private let disconnectCalls = Atomic(0)

    init(_ inner: InMemoryTransport, refusal: @escaping @Sendable (Event) -> (any Error)? = { _ in nil }) {
        self.inner = inner
        self.refusal = refusal
    }

    /// How many times `send` was called.
    var calls: Int { sendCalls.load(ordering: .relaxed) }
    /// How many times `connect()` was called, whatever the status.
    var connects: Int { connectCalls.load(ordering: .relaxed) }
    /// How many times `disconnect()` was called, whatever the status.
    var disconnects: Int { disconnectCalls.load(ordering: .relaxed) }

    var url: ServerURL { inner.url }
    var status: TransportStatus { inner.status }
    func connect() {
        connectCalls.add(1, ordering: .relaxed)
        inner.connect()
    }
    func disconnect() {
        disconnectCalls.add(1, ordering: .relaxed)
        inner.disconnect()
    }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        inner.onStatusChange(handler)
    }
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        inner.onEvent(handler)
    }

    func send(_ event: Event) throws {
        sendCalls.add(1, ordering: .relaxed)
        if let error = refusal(event) { throw error }
        try inner.send(event)
    }
}

/// A log sink for a ``LoggingTransport``: keeps every entry, from any thread.
final class LogBook: Sendable {
    private let entries = Mutex<[LoggingTransport.Entry]>([])

    /// The sink to hand to the decorator.
    var sink: @Sendable (LoggingTransport.Entry) -> Void { { [self] entry in record(entry) } }

    func record(_ entry: LoggingTransport.Entry) { entries.withLock { $0.append(entry) } }

    /// Every entry, as its line (`sent typing`, `refused typing: …`, `status connected`).
    var lines: [String] { entries.withLock { $0 }.map(\.description) }

    /// The refused sends: the event's name and the error.
    var refusals: [(event: String, error: any Error)] {
        entries.withLock { $0 }.compactMap { entry in
            guard case .refused(let event, let error) = entry else { return nil }
            return (event.name.rawValue, error)
        }
    }
}

/// Feature code written against `Transport` alone, declared by the tests.
///
/// It listens, sends offline, connects, sends, hears the server, drops, comes back and closes,
/// and writes down everything it saw. It can't know what it was handed. `server` plays the server's side.
func chatSession(over transport: any Transport, server: InMemoryTransport) -> [String] {
    var seen: [String] = []
    let heard = Recorder<String>()
    transport.onStatusChange { heard.record("heard status \($0)") }
    transport.onEvent { heard.record("heard event \($0.name)") }
    func post(_ name: String) {
        do {
            try transport.send(Event(name))
            seen.append("\(name): sent")
        } catch {
            seen.append("\(name): \(type(of: error)) \(error)")
        }
        seen.append("status \(transport.status)")
    }
    seen.append("url \(transport.url)")
    post("offline")
    transport.connect()
    post("connecting")
    try? server.accept()
    post("online")
    post("secret")
    try? server.deliver(Event("welcome"))
    try? server.drop()
    post("dropped")
    try? server.restore()
    post("back")
    transport.disconnect()
    post("closed")
    return seen + heard.all + server.sentEvents.map { "server got \($0.name)" }
}

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

/// Counts, from any thread, without a lock.
final class Counter: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}

// MARK: - Escape hatches

/// Checks that `wrapper` hands each handler to `real`, and that cancelling the token it returns
/// stops the handler and leaves no handler behind on `real`.
func expectTokensReach(_ real: InMemoryTransport, through wrapper: some Transport) throws {
    let before = real.handlerCount
    let statuses = Recorder<TransportStatus>()
    let events = Recorder<Event>()
    let statusToken = wrapper.onStatusChange(statuses.record)
    let eventToken = wrapper.onEvent(events.record)
    #expect(real.handlerCount == before + 2, "Each handler goes to the wrapped transport, once")
    real.connect()
    statusToken.cancel()
    try real.accept()
    try real.deliver(try Event("typing"))
    eventToken.cancel()
    try real.deliver(try Event("typing"))
    #expect(statuses.all == [.connecting])
    #expect(events.all.count == 1)
    #expect(real.handlerCount == before, "Cancelled through the wrapper, gone from the wrapped transport")
}
