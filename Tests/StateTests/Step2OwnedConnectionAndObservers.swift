import MessagingKit
import State
import Testing

// The test plays the server, the network and the socket library here: it calls the transport's
// `connect()` and `disconnect()` itself, under the socket connection the managed one owns, so
// this step needs none of step 3's operations.

@Suite("State · Step 2 — The connection it owns drives it; observers hear every change", .tags(.messaging))
struct Step2OwnedConnectionAndObservers {
    @Test("The owned connection's statuses move the lifecycle, through the table")
    func ownedConnectionDrivesTheMachine() throws {
        let harness = try Harness()
        let connection = harness.connection
        let transport = harness.transport
        #expect(connection.state == .created, "A new connection is created (step 2)")
        transport.connect()
        #expect(connection.state == .created, "Connecting is not connected: still created (step 2)")
        try transport.accept()
        #expect(connection.state == .connected, "The socket connected: connected (step 2)")
        try transport.drop()
        #expect(connection.state == .disconnected, "The network dropped: disconnected (step 2)")
        try transport.restore()
        #expect(connection.state == .connected, "The network came back: connected again (step 2)")
        transport.disconnect()
        #expect(connection.state == .disconnected, "The library closed the socket: disconnected (step 2)")
    }

    @Test("It listens to whatever Connection it owns: one with no server, which connects at once")
    func anyOwnedConnection() throws {
        let recording = RecordingConnection(url: try chatURL().url)
        let connection = ManagedConnection(connection: recording)
        let changes = Recorder<ConnectionStateChange>()
        connection.observe(changes.record)
        recording.connect()
        #expect(connection.state == .connected, "The owned connection connected: connected (step 2)")
        recording.disconnect()
        #expect(
            connection.state == .disconnected, "The owned connection disconnected: disconnected (step 2)")
        #expect(
            changes.all == [
                ConnectionStateChange(from: .created, to: .connected),
                ConnectionStateChange(from: .connected, to: .disconnected),
            ],
            "Only the Connection protocol is needed to drive the lifecycle, whatever class is behind it (step 2)"
        )
    }

    @Test("A drop's report that comes after the restore's changes nothing: the socket is connected")
    func lateDropReportChangesNothing() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        let changes = Recorder<ConnectionStateChange>()
        connection.observe(changes.record)
        socket.set(.connected)
        socket.report(.connected)
        try #require(connection.state == .connected, "The socket connected: connected (step 2)")

        socket.set(.disconnected)  // the network drops; its report is held back
        socket.set(.connected)  // and comes back
        socket.report(.connected)  // the restore's report arrives first
        socket.report(.disconnected)  // the drop's, late
        #expect(
            connection.state == .connected,
            "A late report is judged by the owned connection's status now: connected, so still connected (step 2)"
        )
        #expect(
            changes.all == [ConnectionStateChange(from: .created, to: .connected)],
            "The late report moved nothing, so no observer heard a change (step 2)")
    }

    @Test("A connect's report that comes after the drop's changes nothing: the socket is disconnected")
    func lateConnectReportChangesNothing() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        let changes = Recorder<ConnectionStateChange>()
        connection.observe(changes.record)
        socket.set(.connecting)
        socket.report(.connecting)
        socket.set(.connected)  // it connects; its report is held back
        socket.set(.disconnected)  // and drops at once
        socket.report(.disconnected)  // the drop's report arrives first
        try #require(connection.state == .disconnected, "The socket is disconnected: disconnected (step 2)")
        socket.report(.connected)  // the connect's, late
        #expect(
            connection.state == .disconnected,
            "A late report is judged by the owned connection's status now: disconnected, so still disconnected (step 2)"
        )

        socket.set(.connected)
        socket.report(.connected)
        #expect(
            changes.all == [
                ConnectionStateChange(from: .created, to: .disconnected),
                ConnectionStateChange(from: .disconnected, to: .reconnecting),
                ConnectionStateChange(from: .reconnecting, to: .connected),
            ],
            "The late report moved nothing; the socket's real connect later did, through reconnecting (step 2)"
        )
    }

    @Test("A first attempt that fails leaves the connection disconnected; a retry connects it")
    func failedFirstAttempt() throws {
        let harness = try Harness()
        let changes = Recorder<ConnectionStateChange>()
        harness.connection.observe(changes.record)
        harness.transport.connect()
        harness.transport.disconnect()
        #expect(
            harness.connection.state == .disconnected,
            "The socket disconnected before it ever connected: created → disconnected (step 2)")
        harness.transport.connect()
        try harness.transport.accept()
        #expect(harness.connection.state == .connected, "The library retried and connected (step 2)")
        #expect(
            changes.all == [
                ConnectionStateChange(from: .created, to: .disconnected),
                ConnectionStateChange(from: .disconnected, to: .reconnecting),
                ConnectionStateChange(from: .reconnecting, to: .connected),
            ],
            "From disconnected, the socket's connected passes through reconnecting: no shortcut (step 2)")
    }

    @Test("Observers hear every change exactly once, in order")
    func observersHearEveryChange() throws {
        let harness = try Harness()
        let first = Recorder<ConnectionStateChange>()
        let second = Recorder<ConnectionStateChange>()
        harness.connection.observe(first.record)
        harness.connection.observe(second.record)

        harness.transport.connect()
        try harness.transport.accept()
        try harness.transport.drop()
        try harness.transport.restore()
        harness.transport.disconnect()

        let expected = [
            ConnectionStateChange(from: .created, to: .connected),
            ConnectionStateChange(from: .connected, to: .disconnected),
            ConnectionStateChange(from: .disconnected, to: .reconnecting),
            ConnectionStateChange(from: .reconnecting, to: .connected),
            ConnectionStateChange(from: .connected, to: .disconnected),
        ]
        #expect(first.all == expected, "Each change once, in order, for every observer (step 2)")
        #expect(second.all == expected, "…the second observer too (step 2)")
    }

    @Test("A cancelled observer hears nothing more; the others still do")
    func cancelledObserverStops() throws {
        let harness = try Harness()
        let leaving = Recorder<ConnectionStateChange>()
        let staying = Recorder<ConnectionStateChange>()
        let token = harness.connection.observe(leaving.record)
        harness.connection.observe(staying.record)
        harness.transport.connect()
        try harness.transport.accept()
        token.cancel()
        token.cancel()
        try harness.transport.drop()
        #expect(
            leaving.all == [ConnectionStateChange(from: .created, to: .connected)],
            "After cancel(), the observer hears nothing more (step 2)")
        #expect(staying.all.count == 2, "The other observer hears both changes (step 2)")
    }

    @Test("An observer may read the connection from inside its callback, and sees the new state")
    func observerReadsTheState() throws {
        let harness = try Harness()
        let seen = Recorder<ConnectionState>()
        let heard = Recorder<ConnectionStateChange>()
        // This observer calls back into the connection while the connection is telling its
        // observers. A connection that still holds its lock then stops the run ("Recursive call
        // to lock Mutex" on Linux): that crash is this test failing.
        harness.connection.observe { [weak connection = harness.connection] change in
            heard.record(change)
            if let state = connection?.state { seen.record(state) }
        }
        harness.transport.connect()
        try harness.transport.accept()
        try harness.transport.drop()
        #expect(heard.all.count == 2, "The observer heard both changes (step 2)")
        #expect(
            seen.all == heard.all.map(\.to),
            "Inside the callback, the connection already is in the state the change names (step 2)")
    }
}
