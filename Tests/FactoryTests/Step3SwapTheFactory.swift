import Factory
import Foundation
import KataTestSupport
import MessagingKit
import Synchronization
import Testing

// Declared here, in the tests: the client has never heard of them, so it can't special-case
// them. All it may rely on is the ConnectionFactory protocol.

/// Makes a LoopbackConnection for every URL, whatever its scheme, and keeps them all.
private final class LoopbackFactory: ConnectionFactory {
    private let made = Mutex<[LoopbackConnection]>([])
    private let startingStatus: TransportStatus

    /// A factory whose connections read `startingStatus` until they are asked to connect.
    init(startingStatus: TransportStatus = .idle) {
        self.startingStatus = startingStatus
    }

    var connections: [LoopbackConnection] { made.withLock { $0 } }

    func makeConnection(for url: URL) throws(ConnectionFactoryError) -> any Connection {
        let connection = LoopbackConnection(url: url, status: startingStatus)
        made.withLock { $0.append(connection) }
        return connection
    }
}

/// Makes a RefusingConnection for every URL, and keeps them all.
private final class RefusingConnectionFactory: ConnectionFactory {
    private let made = Mutex<[RefusingConnection]>([])
    private let refusal: @Sendable (URL) -> any Error
    private let refusesDisconnect: Bool
    private let status: TransportStatus

    init(
        refusal: @escaping @Sendable (URL) -> any Error = { ConnectRefused(url: $0) },
        refusesDisconnect: Bool = false, status: TransportStatus = .idle
    ) {
        self.refusal = refusal
        self.refusesDisconnect = refusesDisconnect
        self.status = status
    }

    var connections: [RefusingConnection] { made.withLock { $0 } }

    func makeConnection(for url: URL) -> any Connection {
        let connection = RefusingConnection(
            url: url, refusal: refusal, refusesDisconnect: refusesDisconnect, status: status)
        made.withLock { $0.append(connection) }
        return connection
    }
}

/// Makes a LoopbackConnection for every URL and keeps none of them; it only counts the calls.
private final class ForgetfulFactory: ConnectionFactory {
    private let count = Mutex(0)

    /// How many times the factory was asked for a connection.
    var calls: Int { count.withLock { $0 } }

    func makeConnection(for url: URL) -> any Connection {
        count.withLock { $0 += 1 }
        return LoopbackConnection(url: url)
    }
}

/// What a ``RefusingFactory`` may throw besides ``ConnectionFactoryError``: an error of a factory
/// over another socket library, which the client has never heard of.
private struct LibraryRefused: Error, Equatable {
    let url: URL
}

/// Refuses the first URL with the error it was given.
///
/// It counts the calls. Asked again, it changes its mind and makes a connection: a client that
/// asks twice gets another answer.
private final class RefusingFactory: ConnectionFactory {
    let refusal: @Sendable (URL) -> any Error
    private let count = Mutex(0)

    init(refusal: @escaping @Sendable (URL) -> any Error) {
        self.refusal = refusal
    }

    /// How many times the factory was asked for a connection.
    var calls: Int { count.withLock { $0 } }

    func makeConnection(for url: URL) throws -> any Connection {
        let call = count.withLock { count in
            count += 1
            return count
        }
        guard call == 1 else { return LoopbackConnection(url: url) }
        throw refusal(url)
    }
}

@Suite(
    "Factory · Step 3 — The app depends on the factory alone", .tags(.messaging),
    .noEscapeHatches("Factory", rule: "1.6"))
struct Step3SwapTheFactory {
    @Test(
        "open(_:) returns the connection its factory made, connecting it once, whatever status it reads [3.1]",
        arguments: [TransportStatus.idle, .disconnected, .connecting, .connected]
    )
    func opensFactoryConnection(startingStatus: TransportStatus) throws {
        let factory = LoopbackFactory(startingStatus: startingStatus)
        let client = MessagingClient(factory: factory)
        let address = try url("wss://chat.example.com/socket")
        let opened = try client.open(address)
        let made = try #require(
            factory.connections.first, "open(_:) asks its factory for the connection")
        #expect(factory.connections.count == 1, "One open, one connection from the factory")
        #expect(opened === made, "open(_:) returns the very connection the factory made")
        #expect(made.status == .connected, "open(_:) starts connecting the connection")
        #expect(
            made.connectAttempts == 1,
            "open(_:) connects what the factory made, once, even when it read \(startingStatus)")
    }

    @Test("Swapping the factory swaps every connection the client opens [3.2]")
    func swappingFactorySwapsConnections() throws {
        let chat = try url("wss://chat.example.com/socket")
        // With no host, or no scheme either: whether the URL is good is the factory's call.
        let addresses = try [
            chat, url("memory://chat.test"), url("pigeon://coop.example.com"), url("memory:chat"),
            url("/socket"), url("wss:///socket"),
        ]

        let recorder = TransportRecorder()
        let appClient = MessagingClient(factory: recorder.factory)
        #expect(
            try appClient.open(chat) is SocketConnection,
            "With the app's factory, a wss URL opens a socket connection"
        )

        let loopback = LoopbackFactory()
        let testClient = MessagingClient(factory: loopback)
        let opened = try addresses.map { try testClient.open($0) }
        #expect(
            opened.allSatisfy { $0 is LoopbackConnection },
            "With another factory, every connection is that factory's, whatever the scheme"
        )
        #expect(
            loopback.connections.map(\.url) == addresses,
            "Every open went through the factory, URLs without a host or a scheme too")
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
        #expect(first !== second, "Two opens, two connections: the client keeps none")
        #expect(factory.connections.count == 2, "The factory is asked on every open")
        #expect(
            first.status == .connected,
            "The client keeps no connection: opening another leaves the first one connected")
    }

    @Test("A refused URL reaches the caller as the factory's error, after one call [3.4, 3.1]")
    func refusedURLIsFactoryError() throws {
        let address = try url("wss://chat.example.com/socket")
        // Every case of the factory's error, and one of a type the client has never heard of.
        // Asked a second time, each factory would make a connection instead.
        let refusals: [@Sendable (URL) -> any Error] = [
            { ConnectionFactoryError.unsupportedScheme($0) }, { ConnectionFactoryError.missingHost($0) },
            { LibraryRefused(url: $0) },
        ]
        for refusal in refusals {
            let factory = RefusingFactory(refusal: refusal)
            let client = MessagingClient(factory: factory)
            let expected = refusal(address)
            var opened: (any Connection)?
            do {
                opened = try client.open(address)
            } catch {
                #expect(
                    isSame(error, as: expected),
                    "open(_:) passes on the factory's \(expected) unchanged, not \(error)")
            }
            #expect(opened == nil, "open(_:) throws the factory's \(expected) and returns nothing")
            #expect(
                factory.calls == 1,
                "open(_:) asks its factory once and takes its no for an answer: \(factory.calls) calls"
            )
        }
    }

    @Test(
        "A connection that refuses to connect: its error reaches the caller unchanged, and open returns nothing, whatever status it reads [3.5, 3.1]",
        arguments: [TransportStatus.idle, .connecting, .connected]
    )
    func refusedConnectIsConnectionError(status: TransportStatus) throws {
        let address = try url("wss://chat.example.com/socket")
        // Every case of a managed connection's error, and one of a type the client has never
        // heard of; from connections that disconnect quietly, and from ones that refuse that too.
        let refusals: [@Sendable (URL) -> any Error] = [
            { ConnectRefused(url: $0) }, { _ in LifecycleError.operationRefused(.connect, in: .released) },
            { _ in LifecycleError.transitionRefused(from: .released, to: .connected) },
        ]
        for refusesDisconnect in [false, true] {
            for refusal in refusals {
                let factory = RefusingConnectionFactory(
                    refusal: refusal, refusesDisconnect: refusesDisconnect, status: status)
                let client = MessagingClient(factory: factory)
                let expected = refusal(address)
                var opened: (any Connection)?
                do {
                    opened = try client.open(address)
                } catch {
                    #expect(
                        isSame(error, as: expected),
                        "open(_:) passes on the connection's \(expected) unchanged, not \(error), even when its disconnect refuses too"
                    )
                }
                #expect(
                    opened == nil,
                    "open(_:) throws the connection's error instead of returning the connection")
                let made = try #require(
                    factory.connections.first, "open(_:) asks its factory for the connection")
                #expect(
                    factory.connections.count == 1, "One open, one connection from the factory")
                #expect(
                    made.connectAttempts == 1,
                    "open(_:) tries to connect what the factory made, once")
            }
        }
    }

    @Test("The client keeps no connection: one its caller drops is freed [3.3]")
    func keepsNoConnection() throws {
        // A factory that keeps nothing it made: only the client could still hold it.
        let factory = ForgetfulFactory()
        let client = MessagingClient(factory: factory)
        weak var dropped: (any Connection)?
        do {
            let opened = try client.open(try url("memory://chat.example.com/room"))
            try #require(factory.calls == 1, "The client asks its factory for the connection")
            dropped = opened
            withExtendedLifetime(opened) {}
        }
        #expect(dropped == nil, "Once its caller drops it, nothing holds the connection: not the client")
        withExtendedLifetime(client) {}
    }
}
