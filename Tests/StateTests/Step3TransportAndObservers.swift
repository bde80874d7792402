import MessagingKit
import State
import Testing

@Suite("State · Step 3 — The transport drives it; observers hear every change", .tags(.messaging))
struct Step3TransportAndObservers {
    @Test("The transport's events move the connection, through the table")
    func transportDrivesTheMachine() throws {
        let harness = try Harness()
        let connection = harness.connection
        let transport = harness.transport
        try connection.connect()
        #expect(connection.state == .created, "Connecting is not connected: still created (step 3)")
        try transport.accept()
        #expect(connection.state == .connected, "The server accepted: connected (step 3)")
        try transport.drop()
        #expect(connection.state == .disconnected, "The network dropped: disconnected (step 3)")
        try connection.connect()
        try transport.accept()
        #expect(connection.state == .connected, "Reconnected (step 3)")
        try transport.drop()
        try transport.restore()
        #expect(
            connection.state == .connected,
            "The network brought it back: connected again, by way of reconnecting (step 3)")
    }

    @Test("Observers hear every change exactly once, in order")
    func observersHearEveryChange() throws {
        let harness = try Harness()
        let first = Recorder<ConnectionStateChange>()
        let second = Recorder<ConnectionStateChange>()
        harness.connection.observe(first.record)
        harness.connection.observe(second.record)

        try harness.connection.connect()
        try harness.transport.accept()
        try harness.transport.drop()
        try harness.transport.restore()
        try harness.connection.disconnect()
        try harness.connection.release()

        let expected = [
            ConnectionStateChange(from: .created, to: .connected),
            ConnectionStateChange(from: .connected, to: .disconnected),
            ConnectionStateChange(from: .disconnected, to: .reconnecting),
            ConnectionStateChange(from: .reconnecting, to: .connected),
            ConnectionStateChange(from: .connected, to: .disconnected),
            ConnectionStateChange(from: .disconnected, to: .released),
        ]
        #expect(first.all == expected, "Each change once, in order, for every observer (step 3)")
        #expect(second.all == expected, "…the second observer too (step 3)")
    }

    @Test("A cancelled observer hears nothing more; the others still do")
    func cancelledObserverStops() throws {
        let harness = try Harness()
        let leaving = Recorder<ConnectionStateChange>()
        let staying = Recorder<ConnectionStateChange>()
        let token = harness.connection.observe(leaving.record)
        harness.connection.observe(staying.record)
        try harness.connection.enter(.connected)
        token.cancel()
        token.cancel()
        try harness.connection.enter(.disconnected)
        #expect(
            leaving.all == [ConnectionStateChange(from: .created, to: .connected)],
            "After cancel(), the observer hears nothing more (step 3)")
        #expect(staying.all.count == 2, "The other observer hears both changes (step 3)")
    }

    @Test("A refused move or operation tells no observer")
    func refusalsAreSilent() throws {
        let harness = try Harness()
        let changes = Recorder<ConnectionStateChange>()
        harness.connection.observe(changes.record)
        #expect(throws: LifecycleError.self) { try harness.connection.enter(.released) }
        #expect(throws: LifecycleError.self) { try harness.connection.disconnect() }
        #expect(changes.all.isEmpty, "Nothing changed, so no observer heard anything (step 3)")
        try harness.connection.enter(.connected)
        #expect(
            changes.all == [ConnectionStateChange(from: .created, to: .connected)],
            "The next real change is heard (step 3)")
    }
}
