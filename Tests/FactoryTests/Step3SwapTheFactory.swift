import Factory
import Foundation
import KataTestSupport
import MessagingKit
import Synchronization
import Testing

// Declared here, in the tests: the client has never heard of them, so it can't special-case
// them. All it may rely on is the ConnectionFactory protocol.

/// A connection that goes nowhere and counts how often it was asked to connect.
private final class LoopbackConnection: Connection {
    let id = UUID()
    let url: URL
    private let state = Mutex((connected: false, attempts: 0))

    init(url: URL) { self.url = url }

    /// How often `connect()` was called.
    var connectAttempts: Int { state.withLock { $0.attempts } }
    var status: TransportStatus { state.withLock { $0.connected } ? .connected : .idle }
    func connect() {
        state.withLock {
            $0.connected = true
            $0.attempts += 1
        }
    }
    func disconnect() { state.withLock { $0.connected = false } }
    func release() { disconnect() }
    func send(_ event: Event) throws {}
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {}
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) {}
}

/// Makes a LoopbackConnection for every URL, whatever its scheme, and keeps them all.
private final class LoopbackFactory: ConnectionFactory {
    private let made = Mutex<[LoopbackConnection]>([])

    var connections: [LoopbackConnection] { made.withLock { $0 } }

    func makeConnection(for url: URL) throws(ConnectionFactoryError) -> any Connection {
        let connection = LoopbackConnection(url: url)
        made.withLock { $0.append(connection) }
        return connection
    }
}

/// What a ``RefusingConnection`` throws from `connect()`: an error the client has never heard of.
private struct ConnectRefused: Error, Equatable {
    let url: URL
}

/// A connection that refuses to connect, as a managed connection refuses by its state, and
/// counts how often it was asked.
private final class RefusingConnection: Connection {
    let id = UUID()
    let url: URL
    private let attempts = Mutex(0)

    init(url: URL) { self.url = url }

    /// How often `connect()` was called.
    var connectAttempts: Int { attempts.withLock { $0 } }
    var status: TransportStatus { .idle }
    func connect() throws {
        attempts.withLock { $0 += 1 }
        throw ConnectRefused(url: url)
    }
    func disconnect() {}
    func release() {}
    func send(_ event: Event) throws { throw TransportError.notConnected(.idle) }
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {}
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) {}
}

/// Makes a RefusingConnection for every URL, and keeps them all.
private final class RefusingConnectionFactory: ConnectionFactory {
    private let made = Mutex<[RefusingConnection]>([])

    var connections: [RefusingConnection] { made.withLock { $0 } }

    func makeConnection(for url: URL) -> any Connection {
        let connection = RefusingConnection(url: url)
        made.withLock { $0.append(connection) }
        return connection
    }
}

/// What a ``RefusingFactory`` may throw besides ``ConnectionFactoryError``: an error of a factory
/// over another socket library, which the client has never heard of.
private struct LibraryRefused: Error, Equatable {
    let url: URL
}

/// Refuses every URL with the error it was given.
private struct RefusingFactory: ConnectionFactory {
    let refusal: @Sendable (URL) -> any Error

    func makeConnection(for url: URL) throws -> any Connection {
        throw refusal(url)
    }
}

@Suite("Factory · Step 3 — The app depends on the factory alone", .tags(.messaging))
struct Step3SwapTheFactory {
    @Test("open(_:) returns the connection its factory made, connecting [3.1, 1.6]")
    func opensFactoryConnection() throws {
        let hatches = try EscapeHatches.findings(inPattern: "Factory")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 3))")
        let factory = LoopbackFactory()
        let client = MessagingClient(factory: factory)
        let address = try url("wss://chat.example.com/socket")
        let opened = try client.open(address)
        let made = try #require(
            factory.connections.first, "open(_:) asks its factory for the connection (rule 3.1)")
        #expect(factory.connections.count == 1, "One open, one connection from the factory (rule 3.1)")
        #expect(opened === made, "open(_:) returns the very connection the factory made (rule 3.1)")
        #expect(made.status == .connected, "open(_:) starts connecting the connection (rule 3.1)")
        #expect(made.connectAttempts == 1, "open(_:) connects what the factory made, once (rule 3.1)")
    }

    @Test("Swapping the factory swaps every connection the client opens [3.2]")
    func swappingFactorySwapsConnections() throws {
        let chat = try url("wss://chat.example.com/socket")
        let addresses = [chat, try url("memory://chat.test"), try url("pigeon://coop.example.com")]

        let recorder = TransportRecorder()
        let appClient = MessagingClient(factory: recorder.factory)
        #expect(
            try appClient.open(chat) is SocketConnection,
            "With the app's factory, a wss URL opens a socket connection (rule 3.2)"
        )

        let loopback = LoopbackFactory()
        let testClient = MessagingClient(factory: loopback)
        let opened = try addresses.map { try testClient.open($0) }
        #expect(
            opened.allSatisfy { $0 is LoopbackConnection },
            "With another factory, every connection is that factory's, whatever the scheme (rule 3.2)"
        )
        #expect(
            loopback.connections.count == addresses.count, "Every open went through the factory (rule 3.2)")
    }

    @Test(
        "Every open asks the factory again, even for a URL opened before, and leaves the last one alone [3.3]"
    )
    func everyOpenAsksTheFactory() throws {
        let factory = LoopbackFactory()
        let client = MessagingClient(factory: factory)
        let address = try url("wss://chat.example.com/socket")
        let first = try client.open(address)
        let second = try client.open(address)
        #expect(first !== second, "Two opens, two connections: the client keeps none (rule 3.3)")
        #expect(factory.connections.count == 2, "The factory is asked on every open (rule 3.3)")
        #expect(
            first.status == .connected,
            "The client keeps no connection: opening another leaves the first one connected (rule 3.3)")
    }

    @Test("A refused URL reaches the caller as the factory's error [3.4]")
    func refusedURLIsFactoryError() throws {
        let address = try url("wss://chat.example.com/socket")
        let unsupported = MessagingClient(
            factory: RefusingFactory { ConnectionFactoryError.unsupportedScheme($0) })
        #expect(
            throws: ConnectionFactoryError.unsupportedScheme(address),
            "open(_:) passes the factory's error on, unchanged (rule 3.4)"
        ) {
            try unsupported.open(address)
        }
        // Other refusals too: a client that rewords every refusal as one case of its own choosing
        // loses what the factory said.
        let noHost = MessagingClient(factory: RefusingFactory { ConnectionFactoryError.missingHost($0) })
        #expect(
            throws: ConnectionFactoryError.missingHost(address),
            "open(_:) passes on every case of the factory's error, unchanged (rule 3.4)"
        ) {
            try noHost.open(address)
        }
        let library = MessagingClient(factory: RefusingFactory { LibraryRefused(url: $0) })
        #expect(
            throws: LibraryRefused(url: address),
            "open(_:) passes on an error of a type it has never heard of, unchanged (rule 3.4)"
        ) {
            try library.open(address)
        }
    }

    @Test(
        "A connection that refuses to connect: its error reaches the caller unchanged, and open returns nothing [3.5, 3.1]"
    )
    func refusedConnectIsConnectionError() throws {
        let factory = RefusingConnectionFactory()
        let client = MessagingClient(factory: factory)
        let address = try url("wss://chat.example.com/socket")
        #expect(
            throws: ConnectRefused(url: address),
            "open(_:) passes the connection's error on, unchanged, instead of returning it (rule 3.5)"
        ) {
            try client.open(address)
        }
        let made = try #require(
            factory.connections.first, "open(_:) asks its factory for the connection (rule 3.1)")
        #expect(factory.connections.count == 1, "One open, one connection from the factory (rule 3.1)")
        #expect(made.connectAttempts == 1, "open(_:) tries to connect what the factory made, once (rule 3.1)")
    }
}
