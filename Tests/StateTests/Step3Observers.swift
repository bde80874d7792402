import Foundation
import KataTestSupport
import MessagingKit
import State
import Testing

@Suite(
    "State · Step 3 — Observers hear every change", .tags(.messaging), .noEscapeHatches("State", rule: "1.2"))
struct Step3Observers {
    @Test(
        "Every observer hears every change once, in order, after the move: state is already the new one [3.1]"
    )
    func everyChangeOnceAfterTheMove() throws {
        let harness = try Harness()
        let connection = harness.connection
        let seenInside = Recorder<String>()
        let second = Recorder<ConnectionStateChange>()
        connection.observe { change in seenInside.record("\(change.to)=\(connection.state)") }
        connection.observe(second.record)
        try connection.connect()
        try harness.transport.accept()
        try harness.transport.drop()
        try connection.connect()
        try harness.transport.accept()
        try connection.disconnect()
        try connection.release()
        let expected: [ConnectionStateChange] = [
            .init(from: .created, to: .connected), .init(from: .connected, to: .disconnected),
            .init(from: .disconnected, to: .reconnecting), .init(from: .reconnecting, to: .connected),
            .init(from: .connected, to: .disconnected), .init(from: .disconnected, to: .released),
        ]
        #expect(harness.heard.all == expected)
        #expect(second.all == expected, "Every observer hears every change")
        #expect(
            seenInside.all == expected.map { "\($0.to)=\($0.to)" },
            "Inside its callback, an observer reads the state the change led to")
    }

    @Test("A refused operation and a report that moves nothing tell nobody [3.1]")
    func nothingToTell() throws {
        let harness = try Harness.lived(.connected)
        #expect(throws: LifecycleError.self) { try harness.connection.connect() }
        #expect(throws: LifecycleError.self) { try harness.connection.release() }
        harness.transport.connect()  // reports nothing new: already connected
        #expect(harness.heard.all.isEmpty)
    }

    @Test(
        "A cancelled observer hears nothing more, even mid-change; the others hear on; cancelling twice does nothing more [3.2]"
    )
    func cancelling() throws {
        let harness = try Harness()
        let connection = harness.connection
        let late = Recorder<ConnectionStateChange>()
        let cancelled = Recorder<ConnectionStateChange>()
        let token = Received<ObservationToken>()
        // The first observer cancels the third when the connection drops.
        connection.observe { change in
            if change.to == .disconnected { token.current?.cancel() }
        }
        connection.observe(late.record)
        token.set(connection.observe(cancelled.record))
        try connection.connect()
        try harness.transport.accept()
        try harness.transport.drop()
        try connection.connect()
        token.current?.cancel()
        #expect(
            cancelled.all.map(\.to) == [.connected], "Cancelled during the drop, it doesn't hear the drop")
        #expect(late.all.map(\.to) == [.connected, .disconnected, .reconnecting], "The others hear on")
    }

    @Test(
        "An observer may reconnect from inside its callback: every observer hears the drop, then the move it caused [3.2]"
    )
    func observerCallsBackIn() throws {
        let harness = try Harness()
        let connection = harness.connection
        connection.observe { change in
            if change.to == .disconnected { try? connection.connect() }
        }
        let other = Recorder<ConnectionStateChange>()
        connection.observe(other.record)
        try connection.connect()
        try harness.transport.accept()
        try harness.transport.drop()
        #expect(connection.state == .reconnecting)
        #expect(harness.transport.status == .connecting, "The observer's connect() reached the socket")
        try harness.transport.accept()
        let expected = [ConnectionState.connected, .disconnected, .reconnecting, .connected]
        #expect(harness.heard.all.map(\.to) == expected, "Heard once each, in order")
        #expect(
            other.all.map(\.to) == expected, "An observer after the one that reconnected hears the drop first"
        )
    }

    @Test("The server and the network drive it through a socket connection, as the table says [1.4, 3.1]")
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

}
