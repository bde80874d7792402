import Builder
import Foundation
import KataTestSupport
import MessagingKit
import Synchronization
import Testing

extension Tag {
    /// Tests of the real-time messaging domain.
    @Tag static var messaging: Self
    /// Tests of the app's start-up.
    @Tag static var startup: Self
}

/// A connection declared by the tests: it records every call made on it, in order, and connects
/// at once (or refuses with `connectError`).
final class SpyConnection: Connection {
    let id = UUID()
    let url: URL
    private let connectError: (any Error)?
    private let state = Mutex<(status: TransportStatus, calls: [String])>((.idle, []))

    init(url: URL, connectError: (any Error)? = nil) {
        self.url = url
        self.connectError = connectError
    }

    /// Every call made on the connection, oldest first, by name (`"connect"`, `"send"`).
    var calls: [String] { state.withLock { $0.calls } }

    var status: TransportStatus { state.withLock { $0.status } }

    func connect() throws {
        try state.withLock { (state) throws in
            state.calls.append("connect")
            if let connectError { throw connectError }
            state.status = .connected
        }
    }

    func disconnect() {
        state.withLock { state in
            state.calls.append("disconnect")
            state.status = .disconnected
        }
    }

    func release() {
        state.withLock { state in
            state.calls.append("release")
            state.status = .disconnected
        }
    }

    func send(_ event: Event) throws {
        try state.withLock { (state) throws in
            state.calls.append("send")
            guard state.status == .connected else { throw TransportError.notConnected(state.status) }
        }
    }

    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { ObservationToken {} }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        ObservationToken {}
    }
}

/// A connection maker declared by the tests: it keeps every configuration it receives and every
/// connection it makes, and throws `error` instead when given one.
final class Maker: Sendable {
    private let error: (any Error)?
    private let connectError: (any Error)?
    private let state = Mutex<(received: [ConnectionConfiguration], made: [SpyConnection])>(([], []))

    init(error: (any Error)? = nil, connectError: (any Error)? = nil) {
        self.error = error
        self.connectError = connectError
    }

    /// Every configuration the maker was asked with, oldest first.
    var received: [ConnectionConfiguration] { state.withLock { $0.received } }
    /// Every connection the maker made, oldest first.
    var made: [SpyConnection] { state.withLock { $0.made } }

    /// What a builder is given to make connections.
    var make: ConnectionMaker {
        { [self] configuration in
            try state.withLock { (state) throws in
                state.received.append(configuration)
                if let error { throw error }
                let connection = SpyConnection(url: configuration.url.url, connectError: connectError)
                state.made.append(connection)
                return connection
            }
        }
    }
}

/// A builder whose configurations ask `maker` for their connections.
func builder(_ maker: Maker = Maker()) -> ConnectionBuilder {
    ConnectionBuilder(makeConnection: maker.make)
}

/// The chat server every valid test configuration points at.
let chatURL = "wss://chat.example.com/socket"

/// Builds, expecting problems: the problems found, in the order ``inAnyOrder(_:)`` puts them
/// (the brief leaves their order to the learner), or `nil` when the build succeeded.
///
/// An array, not a set, so that a problem reported twice shows (rule 2.1: each once).
func problems(_ build: () throws(BuildError) -> ConnectionConfiguration) -> [BuildProblem]? {
    do {
        _ = try build()
        return nil
    } catch {
        return inAnyOrder(error.problems)
    }
}

/// `problems` in one fixed order, by description, to compare with what ``problems(_:)`` found.
func inAnyOrder(_ problems: [BuildProblem]) -> [BuildProblem] {
    problems.sorted { $0.description < $1.description }
}

/// The smallest step of a `Duration`: one attosecond.
let attosecond = Duration(secondsComponent: 0, attosecondsComponent: 1)

/// An error of a type the builder has never heard of.
struct HandshakeFailed: Error, Equatable {
    let reason: String
}
