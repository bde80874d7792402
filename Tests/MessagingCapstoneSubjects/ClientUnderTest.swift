import Foundation
import KataTestSupport
import MessagingCapstone
import MessagingKit
import Testing

/// The chat client as its legacy public API shows it: what your net tests.
///
/// `ChatClient` has these members already; so does each program your net is graded against.
public protocol ClientUnderTest: Sendable {
    /// Opens a chat with the server at `url`, and starts connecting.
    func open(_ url: URL) async throws -> any ChatUnderTest
    /// Looks after the client's connections every `interval` of `clock`, until the task is
    /// cancelled.
    func keepConnections(every interval: Duration, on clock: ManualClock) async
}

/// One screen's chat, as the legacy `ChatSocket` shows it.
public protocol ChatUnderTest: Sendable {
    /// The server this chat talks to.
    var url: URL { get }
    /// Where the chat's connection is in its lifecycle.
    var state: ConnectionState { get }
    /// Sends `event` now, or as soon as the chat is connected again.
    func send(_ event: Event) throws
    /// Calls `action` with every event named `name` the server sends, until the chat is closed.
    func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
    /// Closes the chat.
    func close()
}

/// Your chat, as the net sees it: the legacy API, whose `send` returned nothing.
struct LearnersChat: ChatUnderTest {
    let chat: ChatSocket

    var url: URL { chat.url }
    var state: ConnectionState { chat.state }
    func send(_ event: Event) throws { try chat.send(event) }
    func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void) {
        chat.onEvent(name, perform: action)
    }
    func close() { chat.close() }
}

/// The servers a test plays, for `makeClient`'s `network`: every transport the client asked for,
/// kept, so the test can play the server on it.
public final class Servers: Sendable {
    // `Guarded` (an `NSLock`), which ThreadSanitizer sees (.ci/tsan-suppressions.txt).
    private let made = Guarded<[InMemoryTransport]>([])

    /// No server yet.
    public init() {}

    /// The client's network: a new in-memory transport to `url`, remembered.
    @Sendable public func network(_ url: ServerURL) -> any Transport {
        let socket = InMemoryTransport(url: url)
        made.withLock { $0.append(socket) }
        return socket
    }

    /// Every transport made, oldest first: `accept()`, `drop()`, `restore()`, `deliver(_:)` play
    /// the server; `sentEvents` and `connectAttempts` say what the client did.
    public var sockets: [InMemoryTransport] { made.withLock { $0 } }

    /// The last transport made; a failure when the client asked for none.
    public func last(sourceLocation: SourceLocation = #_sourceLocation) throws -> InMemoryTransport {
        try #require(
            sockets.last, "The client asked the network for no socket", sourceLocation: sourceLocation)
    }
}

/// Your client, behind the seam: `ChatClient`'s `open(_:)` returns its own `ChatSocket`.
struct YourClient: ClientUnderTest {
    let client: ChatClient

    func open(_ url: URL) async throws -> any ChatUnderTest { LearnersChat(chat: try await client.open(url)) }

    func keepConnections(every interval: Duration, on clock: ManualClock) async {
        await client.keepConnections(every: interval, on: clock)
    }
}

/// A new client, as the app makes one at sign-in: the seam your net makes every client through.
///
/// Inside a suite marked `.plantedChanges`, each test runs once on your client, once on the
/// legacy client and once on each planted change, and this returns that run's client.
///
/// - Parameters:
///   - settings: The connection settings, as `ChatClient(settings:user:network:)` takes them.
///   - user: Who is signed in.
///   - network: Makes the transport to a server: pass servers your test plays
///     (`InMemoryTransport`s you keep, to `accept()`, `drop()`, `restore()` and `deliver(_:)`).
public func makeClient(
    settings: [String: String] = [:], user: ChatUser,
    network: @escaping @Sendable (ServerURL) -> any Transport
) -> any ClientUnderTest {
    let run = MessagingNetRun.current ?? .outsideTheNet()
    return run.makeClient(settings: settings, user: user, network: network)
}

extension Trait where Self == PlantedChanges {
    /// Runs each test of the suite on your client, the legacy client and every planted change,
    /// then says which planted changes no test caught.
    public static var plantedChanges: PlantedChanges {
        PlantedChanges(programs: MessagingNetRun.programs) { program, body in
            await MessagingNetRun.$current.withValue(MessagingNetRun(program: program)) { await body() }
        }
    }
}

/// One run of one test on one program: what `makeClient` makes during it.
struct MessagingNetRun: Sendable {
    /// The run in progress, set by the `.plantedChanges` trait.
    @TaskLocal static var current: MessagingNetRun?

    /// Your client: the program the run makes with your `ChatClient`.
    static let yours = NetProgram.correct("your client")

    /// Your client, the legacy one, and every planted change, in that order.
    static let programs: [NetProgram] =
        [yours, .correct("the legacy client")] + PlantedClientChange.allCases.map { .planted($0.description) }

    let program: NetProgram

    /// A run on your client alone, for a test outside the net's suite: it says so, as an issue.
    static func outsideTheNet() -> MessagingNetRun {
        Issue.record(
            "makeClient(settings:user:network:) was called outside a suite marked .plantedChanges, so this test runs on your client only and isn't graded. Put it in the suite of Katas/MessagingCapstone/Net/MessagingNet.swift."
        )
        return MessagingNetRun(program: yours)
    }

    func makeClient(
        settings: [String: String], user: ChatUser, network: @escaping @Sendable (ServerURL) -> any Transport
    ) -> any ClientUnderTest {
        if program == Self.yours {
            return YourClient(client: ChatClient(settings: settings, user: user, network: network))
        }
        let change = PlantedClientChange.allCases.first { $0.description == program.change }
        return PlantedClient(settings: settings, network: network, change: change)
    }
}
