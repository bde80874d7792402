import Foundation
import KataTestSupport
import MessagingKit
import State
import Testing

@Suite(
    "State · Step 2 — Each state decides what the owned connection's reports mean", .tags(.messaging),
    .noEscapeHatches("State", rule: "1.2"))
struct Step2Reports {
    /// The moves a report makes in each state, as the brief's table says.
    static func expectedMoves(after status: TransportStatus, in state: ConnectionState) -> [ConnectionState] {
        switch (state, status) {
        case (.created, .connected), (.reconnecting, .connected): [.connected]
        case (.disconnected, .connected): [.reconnecting, .connected]
        case (.created, .disconnected), (.connected, .disconnected), (.reconnecting, .disconnected):
            [.disconnected]
        default: []
        }
    }

    @Test(
        "Each state decides where a connected or disconnected report takes it; from disconnected, connected passes through reconnecting [2.1]",
        arguments: ConnectionState.allCases, [TransportStatus.connected, .disconnected])
    func reportTable(state: ConnectionState, status: TransportStatus) throws {
        let (puppet, connection, heard) = try puppetLifecycle(in: state)
        let before = puppet.calls.count
        puppet.report(status)
        let moves = Self.expectedMoves(after: status, in: state)
        let path = zip([state] + moves, moves).map { ConnectionStateChange(from: $0, to: $1) }
        #expect(
            heard.all == path, "In \(state), a \(status) report makes these moves, each heard once: \(path)")
        #expect(connection.state == moves.last ?? state)
        #expect(callsSince(before, on: puppet).isEmpty, "A report calls nothing back on the owned connection")

        puppet.report(status)
        #expect(heard.all == path, "The same report again, where it led, moves nothing more")
    }

    @Test(
        "Connecting and idle are not connected: they change nothing, in any state [2.2]",
        arguments: ConnectionState.allCases, [TransportStatus.connecting, .idle])
    func connectingChangesNothing(state: ConnectionState, status: TransportStatus) throws {
        let (puppet, connection, heard) = try puppetLifecycle(in: state)
        puppet.report(status)
        #expect(connection.state == state)
        #expect(heard.all.isEmpty)
    }

    @Test("The server and the network drive it through a socket connection, as the table says [2.1]")
    func drivenBySocket() throws {
        let harness = try Harness()
        let transport = harness.transport
        try harness.connection.connect()
        try transport.accept()
        try transport.drop()
        try transport.restore()  // the network comes back
        try transport.drop()
        transport.connect()  // the library retries on its own…
        try transport.accept()  // …and the server accepts
        #expect(
            harness.heard.all.map(\.description) == [
                "created → connected", "connected → disconnected", "disconnected → reconnecting",
                "reconnecting → connected", "connected → disconnected", "disconnected → reconnecting",
                "reconnecting → connected",
            ])
    }

    @Test(
        "The owned connection doesn't keep the lifecycle alive; freed, its reports and events reach nobody and harm nothing [2.3]"
    )
    func ownedConnectionDoesNotKeepItAlive() throws {
        let transport = InMemoryTransport(url: try chatURL())
        let socket = SocketConnection(transport: transport)
        var connection: ManagedConnection? = ManagedConnection(connection: socket)
        weak let watched = connection
        let token = connection?.observe { _ in }
        connection?.onStatusChange { _ in }
        try connection?.connect()
        try transport.accept()
        connection = nil
        #expect(
            watched == nil,
            "Nobody holds the managed connection: it is freed, though its socket and a token live on")
        // The socket lives on and talks: nothing may crash.
        try transport.deliver(try Event("typing"))
        try transport.drop()
        try transport.restore()
        token?.cancel()

        let puppet = Puppet()
        var overPuppet: ManagedConnection? = ManagedConnection(connection: puppet)
        weak let watchedOverPuppet = overPuppet
        overPuppet = nil
        #expect(watchedOverPuppet == nil)
        puppet.report(.connected)
        puppet.deliver(try Event("typing"))
    }
}
