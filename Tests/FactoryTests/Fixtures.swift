import Factory
import Foundation
import MessagingKit
import Synchronization
import Testing

/// Parses a URL written in a test; a typo fails the test instead of crashing it.
func url(_ text: String) throws -> URL {
    try #require(URL(string: text), "\(text) should parse as a URL (test data)")
}

/// Hands `SchemeConnectionFactory` its transports and keeps them, so a test can play the server.
final class TransportRecorder: Sendable {
    private let made = Mutex<[InMemoryTransport]>([])

    /// Every transport made so far, oldest first.
    var transports: [InMemoryTransport] { made.withLock { $0 } }

    /// A factory whose socket connections get their transports from this recorder.
    var factory: SchemeConnectionFactory {
        SchemeConnectionFactory(makeTransport: { self.makeTransport(for: $0) })
    }

    /// A new transport for `url`, kept: what a factory's `makeTransport` closure calls.
    func makeTransport(for url: ServerURL) -> any Transport {
        let transport = InMemoryTransport(url: url)
        made.withLock { $0.append(transport) }
        return transport
    }
}

// Messages of the chat rooms the tests open.
let hello = Message(room: "general", text: "Hello")
let welcome = Message(room: "general", text: "Welcome aboard")
let offTopic = Message(room: "random", text: "Lunch?")

// Connections declared here, in the tests: the clients have never heard of them, so they
// can't special-case them.

/// A connection that goes nowhere and counts how often it was asked to connect.
final class LoopbackConnection: Connection {
    let id = UUID()
    let url: URL
    private let state: Mutex<(status: TransportStatus, attempts: Int)>

    /// A connection for `url` that reads `status` until it is asked to connect: a factory may
    /// hand out a connection that already says it is on its way, or dropped.
    init(url: URL, status: TransportStatus = .idle) {
        self.url = url
        state = Mutex((status: status, attempts: 0))
    }

    /// How often `connect()` was called.
    var connectAttempts: Int { state.withLock { $0.attempts } }
    var status: TransportStatus { state.withLock { $0.status } }
    func connect() {
        state.withLock {
            $0.status = .connected
            $0.attempts += 1
        }
    }
    func disconnect() { state.withLock { $0.status = .disconnected } }
    func release() { disconnect() }
    func send(_ event: Event) throws {}
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { ObservationToken {} }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        ObservationToken {}
    }
}

/// What a ``RefusingConnection`` throws from `connect()`: an error the client has never heard of.
struct ConnectRefused: Error, Equatable {
    let url: URL
}

/// What a ``RefusingConnection`` may throw from `disconnect()` too: a connection that refused to
/// connect may refuse to disconnect as well (a managed connection refuses both while `created`).
struct DisconnectRefused: Error, Equatable {
    let url: URL
}

/// A connection that refuses to connect, as a managed connection refuses by its state, and
/// counts how often it was asked.
final class RefusingConnection: Connection {
    let id = UUID()
    let url: URL
    private let refusal: @Sendable (URL) -> any Error
    private let refusesDisconnect: Bool
    private let attempts = Mutex(0)

    /// A connection whose `connect()` throws `refusal(url)`, and whose `disconnect()` throws
    /// ``DisconnectRefused`` when `refusesDisconnect`.
    init(
        url: URL, refusal: @escaping @Sendable (URL) -> any Error, refusesDisconnect: Bool,
        status: TransportStatus = .idle
    ) {
        self.url = url
        self.refusal = refusal
        self.refusesDisconnect = refusesDisconnect
        self.status = status
    }

    /// How often `connect()` was called.
    var connectAttempts: Int { attempts.withLock { $0 } }
    /// What it reads, and keeps reading: it never connects.
    let status: TransportStatus
    func connect() throws {
        attempts.withLock { $0 += 1 }
        throw refusal(url)
    }
    func disconnect() throws {
        if refusesDisconnect { throw DisconnectRefused(url: url) }
    }
    func release() {}
    func send(_ event: Event) throws { throw TransportError.notConnected(.idle) }
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { ObservationToken {} }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        ObservationToken {}
    }
}
