import Foundation
import KataTestSupport
import MessagingKit
import State
import Testing

@Suite(
    "State · Step 1 — The table, and the owned connection's reports", .tags(.messaging),
    .noEscapeHatches("State", rule: "1.2"))
struct Step1TableAndReports {
    @Test(
        "Every pair of states: the table's moves are allowed, every other one is not [1.1]",
        arguments: everyMove)
    func wholeTable(move: ConnectionStateChange) {
        let allowed = allowedMoves.contains(move)
        #expect(
            ManagedConnection.allows(from: move.from, to: move.to) == allowed,
            allowed ? "\(move) is in the table" : "\(move) is not in the table, not even to the same state")
    }

    @Test(
        "A whole life follows the table, and released is the end [1.1]"
    )
    func wholeLife() throws {
        let life: [ConnectionState] = [
            .created, .connected, .disconnected, .reconnecting, .connected, .disconnected, .released,
        ]
        for (from, to) in zip(life, life.dropFirst()) {
            #expect(ManagedConnection.allows(from: from, to: to), "\(from) → \(to) is allowed")
        }
        let sources = try EscapeHatches.sources(inPattern: "State").filter {
            $0.file.hasSuffix("/ManagedConnection.swift") || $0.file.hasSuffix("/LifecycleStates.swift")
        }
        #expect(
            sources.contains { source in
                source.text.split(separator: "\n").contains { line in
                    (line.components(separatedBy: "//").first ?? "").contains("transitionRefused")
                }
            },
            "Every move is checked against the table: a move it doesn't list throws .transitionRefused(from:to:); nothing in ManagedConnection.swift or LifecycleStates.swift does"
        )
    }

    @Test("A new managed connection is created, and asks nothing of the connection it owns [1.3]")
    func newIsCreated() {
        let puppet = Puppet()
        let connection = ManagedConnection(connection: puppet)
        #expect(connection.state == .created)
        puppet.report(.connected)
        #expect(connection.state == .connected, "…and its state hears what the owned connection reports")
        #expect(puppet.calls.isEmpty, "Owning a connection is not connecting it")
    }

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
        "Each state decides where a connected or disconnected report takes it; from disconnected, connected passes through reconnecting [1.4]",
        arguments: [ConnectionState.created, .connected, .disconnected],
        [TransportStatus.connected, .disconnected])
    func reportTable(state: ConnectionState, status: TransportStatus) throws {
        try Self.checkReport(status, in: state)
    }

    /// Brings a lifecycle to `state`, lets its owned connection report `status`, and checks where
    /// it leads (observers are step 3's: only `state` is read here).
    static func checkReport(_ status: TransportStatus, in state: ConnectionState) throws {
        let (puppet, connection, _) = try puppetLifecycle(in: state)
        let before = puppet.calls.count
        puppet.report(status)
        let end = expectedMoves(after: status, in: state).last ?? state
        #expect(connection.state == end, "In \(state), a \(status) report leads to \(end)")
        #expect(callsSince(before, on: puppet).isEmpty, "A report calls nothing back on the owned connection")
        puppet.report(status)
        #expect(connection.state == end, "The same report again, where it led, moves nothing more")
    }

    @Test(
        "Connecting and idle are not connected: they change nothing [1.5]",
        arguments: [ConnectionState.created, .connected, .disconnected], [TransportStatus.connecting, .idle])
    func connectingChangesNothing(state: ConnectionState, status: TransportStatus) throws {
        let (puppet, connection, _) = try puppetLifecycle(in: state)
        puppet.report(status)
        #expect(connection.state == state)
    }

    @Test(
        "The owned connection doesn't keep the lifecycle alive; freed, its reports and events reach nobody and harm nothing [1.6]"
    )
    func ownedConnectionDoesNotKeepItAlive() throws {
        let transport = InMemoryTransport(url: try chatURL())
        let socket = SocketConnection(transport: transport)
        var connection: ManagedConnection? = ManagedConnection(connection: socket)
        weak let watched = connection
        let token = connection?.observe { _ in }
        connection?.onStatusChange { _ in }
        transport.connect()  // the library connects…
        try transport.accept()  // …and the server accepts
        #expect(connection?.state == .connected, "While it lives, the socket's reports reach it")
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
