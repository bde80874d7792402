import KataTestSupport
import MessagingKit
import State
import Testing

// The test plays the server, the network and the socket library here: it calls the transport's
// `connect()` and `disconnect()` itself, under the socket connection the managed one owns, so
// this step needs none of step 4's operations. It reads only `state`: observers are step 3's.

@Suite("State · Step 2 — The connection it owns drives it", .tags(.messaging))
struct Step2OwnedConnectionDrivesIt {
    @Test("The owned connection's statuses move the lifecycle, through the table [2.1, 2.2, 2.3, 2.6, 1.3]")
    func ownedConnectionDrivesTheMachine() throws {
        let hatches = try EscapeHatches.findings(inPattern: "State")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 2)) (rule 1.3)")
        let harness = try Harness()
        let connection = harness.connection
        let transport = harness.transport
        #expect(connection.state == .created, "A new connection is created (rule 2.1)")
        transport.connect()
        #expect(connection.state == .created, "Connecting is not connected: still created (rule 2.3)")
        try transport.accept()
        #expect(connection.state == .connected, "The socket connected: connected (rule 2.2)")
        try transport.drop()
        #expect(connection.state == .disconnected, "The network dropped: disconnected (rule 2.2)")
        try transport.restore()
        #expect(
            connection.state == .connected,
            "The network came back: connected again, through reconnecting (rules 2.2, 2.6)")
        transport.disconnect()
        #expect(connection.state == .disconnected, "The library closed the socket: disconnected (rule 2.2)")
    }

    @Test("It listens to whatever Connection it owns: one with no server, which connects at once [2.5, 2.7]")
    func anyOwnedConnection() throws {
        let recording = RecordingConnection(url: try chatURL().url)
        weak var freed: ManagedConnection?
        do {
            let connection = ManagedConnection(connection: recording)
            freed = connection
            recording.connect()
            #expect(connection.state == .connected, "The owned connection connected: connected (rule 2.5)")
            recording.disconnect()
            #expect(
                connection.state == .disconnected,
                "The owned connection disconnected: disconnected (rule 2.5)")
        }
        #expect(
            freed == nil,
            "Nobody holds the managed connection any more: it is freed, though its socket lives on (rule 2.7)"
        )
        recording.connect()  // the socket goes on talking to a lifecycle that is gone
    }

    @Test("A drop's report that comes after the restore's moves nothing: the socket is connected [2.4]")
    func lateDropReportMovesNothing() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        socket.move(to: .connected)
        try #require(connection.state == .connected, "The socket connected: connected (rule 2.2)")

        socket.dropAndReturnReportedOutOfOrder()  // the drop's report arrives last, late
        #expect(
            connection.state == .connected,
            "A late report is judged by the owned connection's status now: connected, so still connected (rule 2.4)"
        )
    }

    @Test(
        "A connect's report that comes after the drop's moves nothing: the socket is disconnected [2.4, 2.6]")
    func lateConnectReportMovesNothing() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        socket.connectAndDropReportingTheDropFirst()  // the connect's report is still held
        try #require(connection.state == .disconnected, "The socket is disconnected: disconnected (rule 2.2)")
        socket.report(.connected)  // the connect's, late
        #expect(
            connection.state == .disconnected,
            "A late report is judged by the owned connection's status now: disconnected, so still disconnected (rule 2.4)"
        )

        socket.move(to: .connected)
        #expect(
            connection.state == .connected,
            "The socket's real connect later moves it, through reconnecting (rules 2.4, 2.6)")
    }

    @Test(
        "An idle or connecting report moves nothing, from created, connected or disconnected [2.3]",
        arguments: [ConnectionState.created, .connected, .disconnected])
    func idleAndConnectingMoveNothing(from state: ConnectionState) throws {
        for report in [TransportStatus.idle, .connecting] {
            let (socket, connection) = try lifecycle(broughtTo: state)
            // A library that resets its socket to idle, or starts connecting it again.
            socket.set(report)
            socket.report(report)
            #expect(
                connection.state == state,
                "A socket that reports \(report) is neither connected nor dropped: \(state) stays \(state) (rule 2.3)"
            )
        }
    }

    @Test("A first attempt that fails leaves the connection disconnected; a retry connects it [2.2, 2.6]")
    func failedFirstAttempt() throws {
        let harness = try Harness()
        harness.transport.connect()
        harness.transport.disconnect()
        #expect(
            harness.connection.state == .disconnected,
            "The socket disconnected before it ever connected: created → disconnected (rule 2.2)")
        harness.transport.connect()
        try harness.transport.accept()
        #expect(
            harness.connection.state == .connected,
            "The library retried and connected, through reconnecting: no shortcut (rules 2.2, 2.6)")
    }

    @Test(
        "A late connecting report read over a connected socket connects it: the status now decides [2.4, 2.2]"
    )
    func lateConnectingReportOverAConnectedSocket() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        socket.set(.connecting)
        socket.set(.connected)  // it connected; that report never comes
        socket.report(.connecting)  // only the older one arrives
        #expect(
            connection.state == .connected,
            "Judged by the owned connection's status now (connected), not by what the report carries (rule 2.4)"
        )
    }

}
