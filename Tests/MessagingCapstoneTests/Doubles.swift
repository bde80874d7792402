import ChainOfResponsibility
import Foundation
import KataTestSupport
import MessagingCapstone
import MessagingKit
import Synchronization
import Testing

// What every capstone test shares: servers the test plays, a keeper on a manual clock, people,
// URLs and events.

/// Someone who may post.
let member = ChatUser(name: "ada", mayPost: true)
/// Someone signed in as a guest: reads, never posts.
let guest = ChatUser(name: "guest", mayPost: false)

/// The chat server most tests talk to.
let chatURL = URL(string: "wss://chat.example.com/socket") ?? URL(fileURLWithPath: "/")
/// A second server.
let supportURL = URL(string: "wss://support.example.com/socket") ?? URL(fileURLWithPath: "/")

/// An event named `name`.
func event(_ name: String) -> Event {
    // swift-format-ignore: NeverUseForceTry
    // Why: every name passed here is a non-empty literal of the tests.
    try! Event(name)
}

/// The names of `events`, for messages that read well.
func names(_ events: [Event]) -> [String] { events.map(\.name.rawValue) }

/// Every server a client talked to: each socket its network made, so the test plays them.
final class Servers: Sendable {
    private let made = Mutex<[ServerSocket]>([])
    private let unreachable = Mutex(false)

    /// From now on, every socket the client makes finds no server: each connect it starts ends
    /// at once, disconnected.
    func becomeUnreachable() { unreachable.withLock { $0 = true } }

    /// The client's `network`: a new socket to `url`, remembered.
    @Sendable func transport(for url: ServerURL) -> any Transport {
        let socket = ServerSocket(url: url, unreachable: unreachable.withLock { $0 })
        made.withLock { $0.append(socket) }
        return socket
    }

    /// Every socket made, oldest first.
    var sockets: [ServerSocket] { made.withLock { $0 } }

    /// The sockets made to `url`, oldest first.
    func sockets(to url: URL) -> [ServerSocket] { sockets.filter { $0.url.url == url } }

    /// The one socket made to `url`; a test failure when there is none or several.
    func socket(to url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> ServerSocket {
        let found = sockets(to: url)
        try #require(
            found.count == 1, "Expected one socket to \(url.absoluteString), the client made \(found.count)",
            sourceLocation: sourceLocation)
        return found[0]
    }
}

/// One socket, as the server sees it: MessagingKit's in-memory transport, which can also answer
/// an event, or drop the network, the moment it receives one.
///
/// Why from inside `send`: that is a server that answers, or a network that goes away, while the
/// client is in the middle of sending what it kept: the moment the legacy buffer lost the rest,
/// or let a new send jump the queue. The double calls back into the client (its event and status
/// handlers) from inside the client's own call.
final class ServerSocket: Transport {
    private let inner: InMemoryTransport
    private let dropCountdown = Mutex<Int?>(nil)
    private let dropOnNextSend = Mutex(false)
    private let answers = Mutex<[EventName: Event]>([:])
    private let refusals = Mutex<[EventName: any Error]>([:])

    /// Status reports held back from the client, in order; `nil` while reports go at once.
    private let heldReports = Mutex<[@Sendable () -> Void]?>(nil)

    private let unreachable: Bool

    init(url: ServerURL, unreachable: Bool = false) {
        inner = InMemoryTransport(url: url)
        self.unreachable = unreachable
    }

    // MARK: The client's side

    var url: ServerURL { inner.url }
    var status: TransportStatus { inner.status }
    func connect() {
        inner.connect()
        // An unreachable server: the attempt fails at once, as a socket library reports it.
        if unreachable { inner.disconnect() }
    }
    func disconnect() { inner.disconnect() }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        // Why weak: the inner transport keeps this handler as long as this socket keeps it.
        inner.onStatusChange { [weak self] status in
            let held = self?.heldReports.withLock { held -> Bool in
                guard held != nil else { return false }
                held?.append { handler(status) }
                return true
            }
            if held != true { handler(status) }
        }
    }
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        inner.onEvent(handler)
    }

    func send(_ event: Event) throws {
        if inner.status == .connected, let refusal = refusals.withLock({ $0[event.name] }) { throw refusal }
        if dropOnNextSend.withLock({ drop in
            defer { drop = false }
            return drop
        }) {
            try inner.drop()
        }
        try inner.send(event)
        if let answer = answers.withLock({ $0[event.name] }) { try inner.deliver(answer) }
        let dropNow = dropCountdown.withLock { countdown -> Bool in
            guard let left = countdown else { return false }
            countdown = left > 1 ? left - 1 : nil
            return left == 1
        }
        if dropNow { try inner.drop() }
    }

    // MARK: The server's side

    /// Every event the server received, oldest first.
    var received: [Event] { inner.sentEvents }
    /// The names of ``received``.
    var receivedNames: [String] { names(received) }
    /// How many times the client started connecting this socket.
    var connectAttempts: Int { inner.connectAttempts }

    /// How many of the client's handlers still listen to this socket: none once its connection
    /// is released.
    var listeners: Int { inner.handlerCount }

    /// The server accepts the pending connection.
    func accept() throws { try inner.accept() }
    /// The network drops the connection.
    func drop() throws { try inner.drop() }
    /// The network is back, and the socket reconnects by itself.
    func restore() throws { try inner.restore() }
    /// The server sends `event`.
    func deliver(_ event: Event) throws { try inner.deliver(event) }
    /// From now on, the server sends `answer` the moment it receives an event named `name`.
    func answer(_ name: String, with answer: Event) {
        answers.withLock { $0[event(name).name] = answer }
    }
    /// From now on, while connected, the socket refuses every event named `name` with `error`,
    /// as a library refuses a message too large to send: for good, not for now.
    func refuse(_ name: String, with error: any Error) {
        refusals.withLock { $0[event(name).name] = error }
    }
    /// The network drops right after the server receives `count` more events.
    func dropAfterReceiving(_ count: Int) { dropCountdown.withLock { $0 = count } }
    /// The network drops as the next event goes out: that send throws, and the server never
    /// receives it.
    func dropAsTheNextSendGoesOut() { dropOnNextSend.withLock { $0 = true } }
    /// From now on, the socket's `status` changes at once but it tells the client later, as a
    /// socket library that calls back on a queue of its own does: until ``tellHeldReports()``.
    func holdReports() { heldReports.withLock { $0 = $0 ?? [] } }
    /// Tells the client every status report held back, in order, and reports at once again.
    func tellHeldReports() {
        let held = heldReports.withLock { held in
            defer { held = nil }
            return held ?? []
        }
        for report in held { report() }
    }
}

/// A network that keeps no socket alive: each one the client made, watched, so a test sees
/// whether anything still holds it.
final class WatchedNetwork: Sendable {
    private let made = Mutex<[Watched<InMemoryTransport>]>([])

    /// The client's `network`: a new socket to `url`, watched.
    @Sendable func transport(for url: ServerURL) -> any Transport {
        let socket = InMemoryTransport(url: url)
        made.withLock { $0.append(Watched(socket)) }
        return socket
    }

    /// The sockets made that something still holds.
    var alive: [InMemoryTransport] { made.withLock { $0.compactMap(\.object) } }
    /// How many sockets the client made.
    var count: Int { made.withLock { $0.count } }
}

/// A client's `keepConnections`, running on a manual clock the test moves by one poll at a time.
final class Keeper: Sendable {
    let clock: ManualClock
    /// The interval this keeper polls at.
    let interval: Duration
    private let task: Task<Void, Never>
    private let returned: Received<Bool>

    /// Starts `client`'s keeper, polling every `interval`, and waits until it sleeps on the clock.
    init(
        _ client: ChatClient, every interval: Duration = .seconds(30),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let clock = ManualClock()
        let returned = Received<Bool>()
        self.clock = clock
        self.interval = interval
        self.returned = returned
        task = Task {
            await client.keepConnections(every: interval, on: clock)
            returned.set(true)
            // Why a sleep in a task of its own: a test waits for the keeper to sleep on the clock,
            // and a keeper that returned never will. This sleep stands in for it, so the test
            // wakes and sees the flag. A task of its own, because this one may be cancelled.
            Task { try? await clock.sleep(for: .seconds(1_000_000_000)) }
        }
        await settle(expectingReturn: false, sourceLocation: sourceLocation)
    }

    deinit { task.cancel() }

    /// One poll: the clock moves by the interval, and the keeper makes its pass and sleeps again.
    func poll(sourceLocation: SourceLocation = #_sourceLocation) async {
        await advance(by: interval, sourceLocation: sourceLocation)
    }

    /// The clock moves by `duration`; the keeper makes the passes that falls due, and sleeps again.
    func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
        clock.advance(by: duration)
        await settle(expectingReturn: false, sourceLocation: sourceLocation)
    }

    /// Stops the keeper: cancels its task, and waits until `keepConnections` has returned.
    func stop(sourceLocation: SourceLocation = #_sourceLocation) async {
        task.cancel()
        await settle(expectingReturn: true, sourceLocation: sourceLocation)
        // Wakes the sleep that stood in for the keeper, so nothing is left waiting.
        clock.advance(by: .seconds(2_000_000_000))
    }

    /// Cancels the keeper's task, and waits for nothing.
    func cancel() { task.cancel() }

    /// Waits until the keeper sleeps on the clock, or has returned; a failure when it returned
    /// while it should poll on, or polls on once cancelled.
    private func settle(expectingReturn: Bool, sourceLocation: SourceLocation) async {
        try? await clock.waitForSleepers()
        let hasReturned = returned.current == true
        if hasReturned && !expectingReturn {
            Issue.record(
                "keepConnections(every:on:) returned: it must sleep on the clock it is given and poll until its task is cancelled",
                sourceLocation: sourceLocation)
        } else if !hasReturned && expectingReturn {
            Issue.record(
                "keepConnections(every:on:) still sleeps on the clock after its task was cancelled: it must return",
                sourceLocation: sourceLocation)
        }
    }
}

/// A client over `servers`, for `user`, with `settings`.
func makeClient(
    _ servers: Servers, user: ChatUser = member, settings: [String: String] = [:]
) -> ChatClient {
    ChatClient(settings: settings, user: user, network: servers.transport(for:))
}

/// Opens a chat on `url` through `client`, and has its server accept the socket the client made.
func openAccepted(
    on client: ChatClient, _ servers: Servers, url: URL = chatURL,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> (chat: ChatSocket, socket: ServerSocket) {
    let chat = try await client.open(url)
    let socket = try servers.socket(to: url, sourceLocation: sourceLocation)
    try socket.accept()
    return (chat, socket)
}

/// Where most scenarios start: a client over servers the test plays, its keeper sleeping on a
/// manual clock, and one chat on ``chatURL`` whose socket the server accepted.
struct Scene {
    let servers = Servers()
    let client: ChatClient
    let keeper: Keeper
    let chat: ChatSocket
    let socket: ServerSocket

    init(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        client = makeClient(servers)
        keeper = await Keeper(client, sourceLocation: sourceLocation)
        (chat, socket) = try await openAccepted(on: client, servers, sourceLocation: sourceLocation)
    }
}

/// A handle the test plays, for a chat made on it with `ChatSocket(handle:)`: it records what
/// the chat does through it, and the test says what its connection does.
///
/// It records a send whether the chat calls `send` or `submit`, connected or not: how a chat
/// reaches its handle is the chat's call.
final class PlayedHandle: ConnectionHandling {
    let connectionID = UUID()
    let url: URL
    private let state = Mutex(Played())

    private struct Played {
        var status = TransportStatus.idle
        var lifecycle: ConnectionState? = .created
        var open = true
        var sent: [Event] = []
        var refusal: (any Error)?
        var ticket: CommandTicket?
        var events: [UUID: (name: EventName, action: @Sendable (Event) -> Void)] = [:]
        var statuses: [UUID: @Sendable (TransportStatus) -> Void] = [:]
    }

    init(url: URL = chatURL) { self.url = url }

    var isOpen: Bool { state.withLock { $0.open } }
    var status: TransportStatus { state.withLock { $0.status } }
    var lifecycle: ConnectionState? { state.withLock { $0.lifecycle } }
    /// What the chat sent through the handle, in order.
    var sentNames: [String] { names(state.withLock { $0.sent }) }

    func connect() throws {
        guard isOpen else { throw HandleError.closed(url) }
    }

    func send(_ event: Event) throws { _ = try submit(event) }

    @discardableResult
    func submit(_ event: Event) throws -> CommandTicket {
        try state.withLock { played in
            guard played.open else { throw HandleError.closed(url) }
            if let refusal = played.refusal { throw refusal }
            played.sent.append(event)
            if let ticket = played.ticket { return ticket }
            let ticket = CommandTicket(number: played.sent.count)
            ticket.settle(.sent)
            return ticket
        }
    }

    func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        let key = UUID()
        state.withLock { if $0.open { $0.events[key] = (name, action) } }
        return ObservationToken { [weak self] in
            self?.state.withLock { _ = $0.events.removeValue(forKey: key) }
        }
    }

    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        let key = UUID()
        state.withLock { if $0.open { $0.statuses[key] = handler } }
        return ObservationToken { [weak self] in
            self?.state.withLock { _ = $0.statuses.removeValue(forKey: key) }
        }
    }

    func close() {
        state.withLock { played in
            played.open = false
            played.events = [:]
            played.statuses = [:]
        }
    }

    /// The connection moves to `status`, in `lifecycle`, and tells whoever listens.
    func play(_ status: TransportStatus, lifecycle: ConnectionState?) {
        let handlers = state.withLock { played in
            played.status = status
            played.lifecycle = lifecycle
            return Array(played.statuses.values)
        }
        for handler in handlers { handler(status) }
    }

    /// The server sends `event`: every subscription to its name hears it.
    func deliver(_ event: Event) {
        let actions = state.withLock { $0.events.values.filter { $0.name == event.name }.map(\.action) }
        for action in actions { action(event) }
    }

    /// From now on, every send throws `error`.
    func refuse(with error: any Error) { state.withLock { $0.refusal = error } }

    /// From now on, every send gets `ticket`.
    func answer(with ticket: CommandTicket) { state.withLock { $0.ticket = ticket } }
}

/// Keeper rules of an app's own, for the client's `keeperRules`: each leaves a connection
/// somewhere the standard rules would not.
enum AppRules: String, CaseIterable, Sendable {
    case none = "no rules"
    case handlesEverythingFirst = "a rule that handles everything, then the reconnect rule"
    case releaseWithoutDisconnect = "a rule that releases without disconnecting (refused)"

    var handlers: [any KeeperHandler] {
        switch self {
        case .none: []
        case .handlesEverythingFirst: [LeaveAlone(), ReconnectHandler()]
        case .releaseWithoutDisconnect: [ReleaseUnused()]
        }
    }
}

/// A rule that handles every connection by doing nothing.
private struct LeaveAlone: KeeperHandler {
    func canHandle(_ pooled: PooledConnection) -> Bool { true }

    func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {}
}

/// A rule of the app's own that releases what nobody uses, without disconnecting it first.
private struct ReleaseUnused: KeeperHandler {
    func canHandle(_ pooled: PooledConnection) -> Bool { !pooled.isInUse }

    func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        _ = try await pool.releaseIfUnused(pooled.connection)
    }
}
