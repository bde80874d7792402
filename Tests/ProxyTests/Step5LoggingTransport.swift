import KataTestSupport
import MessagingKit
import Proxy
import Synchronization
import Testing

@Suite(
    "Proxy · Step 5 — Beside the proxies: the logging transport, a Decorator", .tags(.messaging),
    .noEscapeHatches("Proxy", rule: "5.12"))
struct Step5LoggingTransport {
    @Test(
        "It records each send that went out, each refused send with its error, and each status change [5.1, 5.2, 5.5]"
    )
    func recordsWhatHappened() throws {
        let log = LogBook()
        let real = try offlineTransport()
        let logging = LoggingTransport(wrapping: real, log: log.sink)
        #expect(log.lines.isEmpty, "Wrapping records nothing: nothing has happened yet")
        #expect(throws: TransportError.notConnected(.idle), "Offline, the send is refused") {
            try logging.send(try Event("early"))
        }
        try connectAndAccept(logging, server: real)
        try logging.send(try Event("typing"))
        try real.drop()
        #expect(
            log.lines == [
                "refused early: \(TransportError.notConnected(.idle))", "status connecting",
                "status connected",
                "sent typing", "status disconnected",
            ],
            "The log holds, in order, the refused send with its error, each status, and the send that went out"
        )
        #expect(
            sentNames(real) == ["typing"], "Only the send made while connected reached the server")
    }

    @Test(
        "Feature code that knows only Transport gets the same results from it as from the bare transport [5.4, 5.5, 5.7]"
    )
    func substitutable() throws {
        let refuseSecret: @Sendable (Event) -> (any Error)? = { event in
            event.name.rawValue == "secret" ? Refused(event: "secret") : nil
        }
        let bareServer = try offlineTransport()
        let bare = CountingTransport(bareServer, refusal: refuseSecret)
        let wrappedServer = try offlineTransport()
        let wrapped = CountingTransport(wrappedServer, refusal: refuseSecret)
        let log = LogBook()
        let withLog = chatSession(
            over: LoggingTransport(wrapping: wrapped, log: log.sink), server: wrappedServer)
        let without = chatSession(over: bare, server: bareServer)
        #expect(
            withLog == without,
            "Same statuses, same sends, same errors (offline included), same callbacks: a decorator keeps the contract"
        )
        #expect(
            wrapped.calls == bare.calls,
            "Each send reaches the wrapped transport exactly as often as it would unwrapped")
        #expect(
            log.refusals.map(\.event) == ["offline", "connecting", "secret", "dropped", "closed"],
            "Meanwhile the log recorded every refused send")
    }

    static let refusals: [any Error] = [
        TransportError.notConnected(.idle), TransportError.notConnected(.connecting),
        TransportError.notConnected(.disconnected),
        TransportError.notAllowed(action: "send", status: .connected),
        Refused(event: "hello"),
    ]

    @Test(
        "Every refusal reaches the caller unchanged, the wrapped transport asked exactly once [5.6, 5.7]",
        arguments: refusals)
    func refusalsPassThroughUnchanged(_ refusal: any Error) throws {
        let inner = try offlineTransport()
        inner.connect()
        try inner.accept()
        let real = CountingTransport(inner) { event in event.name.rawValue == "hello" ? refusal : nil }
        let log = LogBook()
        let logging = LoggingTransport(wrapping: real, log: log.sink)
        let thrown = #expect(
            throws: (any Error).self, "The wrapped transport's refusal reaches the caller"
        ) {
            try logging.send(try Event("hello"))
        }
        #expect(
            thrown.map { isSame($0, as: refusal) } == true,
            "The caller gets the wrapped transport's error unchanged, its type and value: \(refusal)"
        )
        #expect(
            real.calls == 1,
            "One send, one call to the wrapped transport: no check first, no retry")
        #expect(
            log.refusals.count == 1
                && log.refusals.allSatisfy { $0.event == "hello" && isSame($0.error, as: refusal) },
            "The log records the refused send with that same error")
        try logging.send(try Event("bye"))
        #expect(
            real.calls == 2 && sentNames(inner) == ["bye"],
            "A send that goes out is one call too, and is not refused")
    }

    @Test(
        "Its status is the wrapped transport's, read from it: wrapped while connected, it says connected [5.1, 5.3, 5.4]"
    )
    func statusIsTheWrappedOnes() throws {
        let real = try offlineTransport()
        real.connect()
        try real.accept()
        let log = LogBook()
        let logging = LoggingTransport(wrapping: real, log: log.sink)
        #expect(
            logging.status == .connected && logging.url == real.url,
            "The decorator reports the wrapped transport's status and address, even for changes before it existed"
        )
        try logging.send(try Event("hello"))
        #expect(sentNames(real) == ["hello"], "Connected before it was wrapped, it sends at once")
        logging.disconnect()
        #expect(real.status == .disconnected, "disconnect() reaches the wrapped transport")
        #expect(
            logging.status == .disconnected, "The status follows the wrapped transport's")
        #expect(
            log.lines == ["sent hello", "status disconnected"],
            "Only what happened after wrapping is recorded")
    }

    @Test(
        "Handed to a SocketConnection, offline sends still throw notConnected: nothing looks sent that wasn't [5.4, 5.5]"
    )
    func insideASocketConnection() throws {
        let real = try offlineTransport()
        let log = LogBook()
        let connection: any Connection = SocketConnection(
            transport: LoggingTransport(wrapping: real, log: log.sink))
        #expect(
            throws: TransportError.notConnected(.idle),
            "Offline, the connection's send throws, as it would over the bare transport: the outbox keeps it"
        ) {
            try connection.send(try Event("early"))
        }
        let heard = Recorder<String>()
        connection.onEvent { heard.record($0.name.rawValue) }
        try connection.connect()
        try #require(real.status == .connecting, "connect() reaches the wrapped transport")
        try real.accept()
        try connection.send(try Event("hello"))
        try real.deliver(try Event("welcome"))
        #expect(sentNames(real) == ["hello"], "The connection's send goes through the decorator")
        #expect(
            heard.all == ["welcome"], "Events from the server reach the connection's subscribers")
        #expect(
            log.lines.filter { $0.hasPrefix("sent") || $0.hasPrefix("refused") } == [
                "refused early: \(TransportError.notConnected(.idle))", "sent hello",
            ],
            "The log saw both sends, the refused one as refused")
    }

    @Test(
        "Logging outside the protection proxy records a guest's send as refused, with SendForbidden [5.6, 5.8]"
    )
    func loggingOutsideProtection() throws {
        let real = try offlineTransport()
        let log = LogBook()
        let logging = LoggingTransport(wrapping: ProtectionProxy(wrapping: real, user: guest), log: log.sink)
        try connectAndAccept(logging, server: real)
        let forbidden = SendForbidden(event: try EventName("message"), user: "guest")
        #expect(throws: forbidden, "The guest's send is refused by the proxy, through the logger") {
            try logging.send(try Event("message"))
        }
        #expect(
            log.refusals.count == 1
                && log.refusals.allSatisfy { $0.event == "message" && isSame($0.error, as: forbidden) },
            "Outside, the logger sees the refusal: a refused send, with the proxy's SendForbidden")
        #expect(real.sentEvents.isEmpty, "Nothing reached the server")
    }

    @Test("Logging inside the protection proxy never sees a guest's send [5.8]")
    func loggingInsideProtection() throws {
        let real = try offlineTransport()
        let log = LogBook()
        let logging = LoggingTransport(wrapping: real, log: log.sink)
        let forGuest = ProtectionProxy(wrapping: logging, user: guest)
        try connectAndAccept(forGuest, server: real)
        #expect(
            throws: SendForbidden(event: try EventName("message"), user: "guest"),
            "The proxy in front refuses the guest"
        ) {
            try forGuest.send(try Event("message"))
        }
        try ProtectionProxy(wrapping: logging, user: member).send(try Event("hello"))
        #expect(
            log.lines == ["status connecting", "status connected", "sent hello"],
            "Inside, the logger never sees the refused send: the proxy stopped it first; a member's send is recorded"
        )
    }

    @Test(
        "A log sink that calls back into the transport from inside the callback reads its status and sends [5.3, 5.9]"
    )
    func sinkCallsBack() throws {
        let real = try offlineTransport()
        let log = CallingBackLog()
        let logging = LoggingTransport(wrapping: real, log: log.sink)
        log.attach(logging)
        try connectAndAccept(logging, server: real)
        try logging.send(try Event("ping"))
        #expect(
            sentNames(real) == ["hello", "ping", "pong"],
            "The sink sent from inside its callback: it is called outside any lock")
        #expect(
            log.statusesSeen == [.connected], "The sink read the status from inside its callback")
        #expect(
            log.statusesReadWhileReported == ["connecting read connecting", "connected read connected"],
            "A sink that reads the status while a change is reported reads the wrapped transport's, the new one, not a copy that lags behind it"
        )
        #expect(
            log.lines == ["status connecting", "status connected", "sent hello", "sent ping", "sent pong"],
            "Sends made by the sink are recorded too")
    }

    @Test(
        "A handler subscribed to the bare transport before the decorator existed reads the decorator's status as the transport's, at once [5.3]"
    )
    func earlierHandlerReadsTheNewStatus() throws {
        let real = try offlineTransport()
        let decorator = Received<LoggingTransport>()
        let reads = Received<[String]>()
        // An app-wide watcher, subscribed to the transport itself before anyone decorated it.
        real.onStatusChange { status in
            let read = decorator.current?.status.description ?? "nothing"
            reads.set((reads.current ?? []) + ["\(status) read \(read)"])
        }
        decorator.set(LoggingTransport(wrapping: real, log: LogBook().sink))
        try connectAndAccept(try #require(decorator.current), server: real)
        #expect(
            reads.current == ["connecting read connecting", "connected read connected"],
            "Any handler that reads the decorator's status while a change is reported reads the transport's new status, not a copy the decorator updates when it hears of it"
        )
    }

    @Test(
        "Each status change is recorded as it was reported, even when an earlier handler moves the transport on before the decorator hears it [5.1]"
    )
    func recordsTheChangeItWasHanded() throws {
        let real = try offlineTransport()
        // An app-wide watcher, subscribed before anyone decorated the transport: it reconnects on
        // a drop, so the transport is connecting again by the time the decorator hears the drop.
        real.onStatusChange { [weak real] status in
            if status == .disconnected { real?.connect() }
        }
        let log = LogBook()
        let logging = LoggingTransport(wrapping: real, log: log.sink)
        try connectAndAccept(logging, server: real)
        try real.drop()
        #expect(
            log.lines == [
                "status connecting", "status connected", "status disconnected", "status connecting",
            ],
            "The drop is recorded as the change reported, not as the status read when the decorator hears it"
        )
    }

    @Test("Decorators stack: two loggers both record, and each send reaches the transport once [5.7, 5.10]")
    func decoratorsStack() throws {
        let real = try offlineTransport()
        let innerLog = LogBook()
        let outerLog = LogBook()
        let logging = LoggingTransport(
            wrapping: LoggingTransport(wrapping: real, log: innerLog.sink), log: outerLog.sink)
        try connectAndAccept(logging, server: real)
        try logging.send(try Event("hello"))
        logging.disconnect()
        #expect(throws: TransportError.notConnected(.disconnected), "Closed, the send is refused") {
            try logging.send(try Event("bye"))
        }
        let expected = [
            "status connecting", "status connected", "sent hello", "status disconnected",
            "refused bye: \(TransportError.notConnected(.disconnected))",
        ]
        #expect(innerLog.lines == expected, "The inner logger recorded everything")
        #expect(outerLog.lines == expected, "The outer logger recorded the same")
        #expect(sentNames(real) == ["hello"], "The send went out once, not once per logger")
    }

    @Test("The wrapped transport records through the decorator but doesn't keep it alive [5.1, 5.11]")
    func wrappedDoesNotKeepItAlive() throws {
        let real = try offlineTransport()
        let log = LogBook()
        weak var released: LoggingTransport?
        do {
            let logging = LoggingTransport(wrapping: real, log: log.sink)
            released = logging
            logging.connect()
        }
        #expect(
            log.lines == ["status connecting"],
            "The decorator subscribed to the wrapped transport's status changes")
        #expect(
            released == nil,
            "Once nobody holds the decorator, it is gone: the wrapped transport's handler doesn't hold it strongly"
        )
        // The wrapped transport outlives the decorator and still reports its status changes to
        // the handler the decorator subscribed: that handler must not reach the freed decorator
        // (an `unowned` capture would stop the whole run here).
        try real.accept()
        try real.drop()
        real.disconnect()
        #expect(
            real.status == .disconnected,
            "Status changes after the decorator is gone reach nothing of it, and nothing crashes")
    }

    @Test("connect() and disconnect() reach the wrapped transport once per call, whatever its status [5.4]")
    func connectAndDisconnectPassStraightOn() throws {
        let inner = try offlineTransport()
        let real = CountingTransport(inner)
        let logging = LoggingTransport(wrapping: real, log: LogBook().sink)
        logging.connect()
        logging.connect()
        #expect(
            real.connects == 2,
            "connect() while connecting is passed on too: the wrapped transport decides what it means, not the decorator"
        )
        try inner.accept()
        logging.connect()
        #expect(real.connects == 3, "…and while connected")
        logging.disconnect()
        logging.disconnect()
        #expect(
            real.disconnects == 2,
            "disconnect() is passed on each time, disconnected already or not")
        #expect(
            inner.connectAttempts == 1,
            "The wrapped transport connected once: it ignored the others")
    }

    @Test(
        "Random sequences: its results are the bare transport's, and its log is what happened [5.1, 5.2, 5.5, 5.6, 5.7]"
    )
    func followsTheBareTransport() async throws {
        let check = ModelCheck<TransportOperation>(
            sequences: 300, length: 1...14
        ) {
            random in TransportOperation.random(using: &random)
        }
        let failure = try await check.run { operations in try TransportOperation.replay(operations) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test(
        "A handler's token is the wrapped transport's: cancelling it stops the handler, and leaves no handler behind [5.4]"
    )
    func tokensReachTheWrappedTransport() throws {
        let real = try offlineTransport()
        try expectTokensReach(real, through: LoggingTransport(wrapping: real, log: LogBook().sink))
    }
}

/// Connects `transport`, and has the server accept: `connect()` must reach the server first.
func connectAndAccept(
    _ transport: any Transport, server: InMemoryTransport, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    transport.connect()
    try #require(
        server.status == .connecting, "connect() reaches the wrapped transport",
        sourceLocation: sourceLocation)
    try server.accept()
}

/// A log sink that calls back into the transport it logs, from inside the callback: it reads the
/// status whenever a status change is reported, when the status becomes connected it sends
/// `hello`, and when `ping` was sent it reads the status and sends `pong`.
final class CallingBackLog: Sendable {
    private struct State {
        weak var transport: (any Transport)?
        var lines: [String] = []
        var statusesSeen: [TransportStatus] = []
        var statusesReadWhileReported: [String] = []
    }

    private let state = Mutex(State())

    var sink: @Sendable (LoggingTransport.Entry) -> Void { { [self] entry in record(entry) } }
    var lines: [String] { state.withLock { $0.lines } }
    var statusesSeen: [TransportStatus] { state.withLock { $0.statusesSeen } }
    /// For each status change reported: "<reported> read <the transport's status then>".
    var statusesReadWhileReported: [String] { state.withLock { $0.statusesReadWhileReported } }

    func attach(_ transport: any Transport) { state.withLock { $0.transport = transport } }

    func record(_ entry: LoggingTransport.Entry) {
        let transport = state.withLock { state in
            state.lines.append(entry.description)
            return state.transport
        }
        guard let transport else { return }
        if case .statusChanged(let reported) = entry {
            let read = transport.status
            state.withLock { $0.statusesReadWhileReported.append("\(reported) read \(read)") }
        }
        switch entry {
        case .statusChanged(.connected):
            try? transport.send(Event("hello"))
        case .sent(let event) where event.name.rawValue == "ping":
            let status = transport.status
            state.withLock { $0.statusesSeen.append(status) }
            try? transport.send(Event("pong"))
        default:
            break
        }
    }
}

/// One thing that happens to a transport in a random sequence: the client's calls, and the
/// server's side played by the test.
enum TransportOperation: Sendable, CustomStringConvertible {
    /// The app sends an event (`x` is one the wrapped transport refuses with ``Refused``).
    case send(String)
    case connect
    case disconnect
    case accept
    case drop
    case restore
    case deliver(String)

    static func random(using random: inout SeededGenerator) -> TransportOperation {
        switch Int.random(in: 0..<16, using: &random) {
        case 0..<5: .send(["a", "b", "c"].randomElement(using: &random) ?? "a")
        case 5: .send("x")
        case 6..<8: .connect
        case 8: .disconnect
        case 9..<11: .accept
        case 11..<13: .drop
        case 13..<15: .restore
        default: .deliver(["news", "typing"].randomElement(using: &random) ?? "news")
        }
    }

    var description: String {
        switch self {
        case .send(let name): "send(\(name))"
        case .connect: "connect()"
        case .disconnect: "disconnect()"
        case .accept: "the server accepts"
        case .drop: "the network drops"
        case .restore: "the network is back"
        case .deliver(let name): "the server sends \(name)"
        }
    }

    /// Plays `operations` on a bare transport and on a logging transport over an identical one,
    /// and returns where they first disagree: in what the caller sees, in what the server got,
    /// or in a log that isn't what happened to the bare one.
    static func replay(_ operations: [TransportOperation]) throws -> Discrepancy? {
        let refuseX: @Sendable (Event) -> (any Error)? = {
            $0.name.rawValue == "x" ? Refused(event: "x") : nil
        }
        let bareServer = try offlineTransport()
        let bare = CountingTransport(bareServer, refusal: refuseX)
        let wrappedServer = try offlineTransport()
        let wrapped = CountingTransport(wrappedServer, refusal: refuseX)
        // What the log must say: what happened to the bare transport, written down by the test.
        let happened = Recorder<String>()
        bare.onStatusChange { happened.record(LoggingTransport.Entry.statusChanged($0).description) }
        let log = LogBook()
        let logging = LoggingTransport(wrapping: wrapped, log: log.sink)
        let bareHeard = Recorder<String>()
        let wrappedHeard = Recorder<String>()
        bare.onStatusChange { bareHeard.record("status \($0)") }
        bare.onEvent { bareHeard.record("event \($0.name)") }
        logging.onStatusChange { wrappedHeard.record("status \($0)") }
        logging.onEvent { wrappedHeard.record("event \($0.name)") }

        for (index, operation) in operations.enumerated() {
            let expected = play(operation, on: bare, server: bareServer, happened: happened)
            let found = play(operation, on: logging, server: wrappedServer, happened: nil)
            let lookBare =
                "\(expected); status \(bare.status); heard \(bareHeard.all); server got \(sentNames(bareServer)); \(bare.calls) calls"
            let lookWrapped =
                "\(found); status \(logging.status); heard \(wrappedHeard.all); server got \(sentNames(wrappedServer)); \(wrapped.calls) calls"
            if lookWrapped != lookBare {
                return Discrepancy(
                    after: index, "through the decorator: \(lookWrapped); the bare transport: \(lookBare)")
            }
            if log.lines != happened.all {
                return Discrepancy(after: index, "the log says \(log.lines); what happened: \(happened.all)")
            }
        }
        return nil
    }

    /// Applies the operation and says what the caller saw; records a send's outcome in
    /// `happened` as the log would.
    private static func play(
        _ operation: TransportOperation, on transport: any Transport, server: InMemoryTransport,
        happened: Recorder<String>?
    ) -> String {
        switch operation {
        case .send(let name):
            guard let event = try? Event(name) else { return "no event" }
            do {
                try transport.send(event)
                happened?.record(LoggingTransport.Entry.sent(event).description)
                return "sent"
            } catch {
                happened?.record(LoggingTransport.Entry.refused(event, error: error).description)
                return "\(type(of: error)) \(error)"
            }
        case .connect: transport.connect()
        case .disconnect: transport.disconnect()
        case .accept: try? server.accept()
        case .drop: try? server.drop()
        case .restore: try? server.restore()
        case .deliver(let name): try? server.deliver(Event(name))
        }
        return "done"
    }
}
