import Foundation
import KataTestSupport
import MessagingKit
import State
import Testing

@Suite(
    "State · Step 5 — It is a Connection, and owns one", .tags(.messaging),
    .noEscapeHatches("State", rule: "1.2"))
struct Step5ItIsAConnection {
    @Test(
        "Held as any Connection, it keeps its lifecycle: it connects, sends and refuses as LifecycleError [5.1]"
    )
    func heldAsAnyConnection() throws {
        let harness = try Harness()
        let held: any Connection = harness.connection
        try held.connect()
        try harness.transport.accept()
        let hello = Message(room: "general", text: "hello").event
        try held.send(hello)
        #expect(harness.transport.sentEvents == [hello])
        #expect(throws: LifecycleError.operationRefused(.release, in: .connected)) { try held.release() }
        try held.disconnect()
        try held.release()
        #expect(harness.connection.state == .released)
    }

    @Test("Its id is its own, made once; its url is the owned connection's [5.2]")
    func identity() throws {
        let puppet = Puppet()
        let first = ManagedConnection(connection: puppet)
        let second = ManagedConnection(connection: puppet)
        #expect(first.id != puppet.id, "Never the owned connection's id")
        #expect(first.id == first.id, "Made once")
        #expect(first.id != second.id)
        #expect(first.url == puppet.url)
    }

    @Test(
        "status is the owned connection's, but a connected socket reads connecting unless the lifecycle is connected [5.3]",
        arguments: ConnectionState.allCases, TransportStatus.allCases)
    func statusTable(state: ConnectionState, socket: TransportStatus) throws {
        let (puppet, connection, _) = try puppetLifecycle(in: state)
        puppet.become(socket)
        let expected: TransportStatus = socket == .connected && state != .connected ? .connecting : socket
        #expect(connection.status == expected, "Over a \(socket) socket, in \(state)")
    }

    @Test(
        "onStatusChange hears every report once, in order, after the lifecycle acted on it; a handler may call back in [5.4]"
    )
    func statusHandlers() throws {
        let (puppet, connection, _) = try puppetLifecycle(in: .created)
        let heard = Recorder<String>()
        connection.onStatusChange { status in
            heard.record("\(status) in \(connection.state)")
            if status == .disconnected { try? connection.connect() }  // reconnect when it drops
        }
        let second = Recorder<TransportStatus>()
        let token = connection.onStatusChange(second.record)
        puppet.report(.connecting)
        puppet.report(.connected)
        puppet.report(.connected)
        puppet.report(.disconnected)
        #expect(
            heard.all == [
                "connecting in created", "connected in connected", "connected in connected",
                "disconnected in disconnected",
            ],
            "Each report, even twice the same; from inside, state is where the report took it"
        )
        #expect(connection.state == .reconnecting, "The handler reconnected from inside its callback")
        #expect(second.all == [.connecting, .connected, .connected, .disconnected])
        #expect(puppet.calls.last == .connect, "The handler's connect() reached the owned connection")
        token.cancel()
        puppet.report(.connected)
        #expect(second.all.count == 4, "A cancelled handler hears nothing more")
    }

    @Test(
        "onEvent(_:) hears every event, whatever its name, beside the named subscriptions, until cancelled [5.4]"
    )
    func everyEvent() throws {
        let (puppet, connection, _) = try puppetLifecycle(in: .connected)
        let all = Recorder<Event>()
        let token = connection.onEvent(all.record)
        let typing = try Event("typing")
        let message = Message(room: "general", text: "hi").event
        let ping = try Event("ping")
        let reply = Recorder<Event>()
        try connection.request(ping, onReply: reply.record)
        puppet.deliver(ping)
        #expect(reply.all == [ping], "A reply is heard by its request…")
        #expect(all.all == [ping], "…and by onEvent(_:)")
        all.removeAll()
        puppet.deliver(typing)
        puppet.deliver(message)
        #expect(all.all == [typing, message])
        token.cancel()
        puppet.deliver(typing)
        #expect(all.all.count == 2)
    }

    @Test(
        "release() forgets every handler, subscription and waiting request without calling them, even mid-report; observers hear the release [5.5]"
    )
    func releaseForgetsEverything() throws {
        let (puppet, connection, heard) = try puppetLifecycle(in: .connected)
        let told = Recorder<String>()
        let ping = try Event("ping")
        try connection.request(ping) { _ in told.record("reply") }
        try connection.onEvent(ping.name) { _ in told.record("subscription") }
        connection.onEvent { _ in told.record("every event") }
        // The first status handler releases on a drop; the one after it hears nothing of it.
        connection.onStatusChange { status in
            told.record("first \(status)")
            if status == .disconnected { try? connection.release() }
        }
        connection.onStatusChange { status in told.record("second \(status)") }
        puppet.report(.disconnected)
        #expect(connection.state == .released)
        #expect(told.all == ["first disconnected"], "Released mid-report: the handlers after it hear nothing")
        #expect(
            heard.all.map(\.to) == [.disconnected, .released], "Observers hear the drop and the release")
        #expect(puppet.calls.last == .release, "The owned connection is released")

        // The owned connection goes on talking, as a faulty library may.
        puppet.report(.connected)
        puppet.deliver(ping)
        connection.onStatusChange { _ in told.record("given after") }
        connection.onEvent { _ in told.record("given after") }
        puppet.report(.disconnected)
        puppet.deliver(ping)
        #expect(
            told.all == ["first disconnected"], "Nothing is heard after the release, by old or new handlers")
    }

    @Test("A released connection keeps nothing its handlers captured alive [5.5]")
    func releaseLetsGo() throws {
        final class Screen: Sendable {}
        let (_, connection, _) = try puppetLifecycle(in: .disconnected)
        var screen: Screen? = Screen()
        weak let watched = screen
        try connection.onEvent(try EventName("typing")) { [screen] _ in _ = screen }
        connection.onStatusChange { [screen] _ in _ = screen }
        connection.onEvent { [screen] _ in _ = screen }
        screen = nil
        #expect(watched != nil, "Before the release, the handlers hold it")
        try connection.release()
        #expect(watched == nil, "Released, the connection holds no handler")
    }

    @Test("What the owned connection reports or receives during its own release is heard by nobody [5.5]")
    func nothingDuringTheOwnedRelease() throws {
        let (puppet, connection, heard) = try puppetLifecycle(in: .disconnected)
        let told = Recorder<String>()
        let ping = try Event("ping")
        connection.onStatusChange { told.record("status \($0)") }
        connection.onEvent { _ in told.record("event") }
        try connection.onEvent(ping.name) { _ in told.record("subscription") }
        puppet.onCall { call in
            guard call == .release else { return }
            puppet.report(.disconnected)
            puppet.deliver(ping)
        }
        try connection.release()
        #expect(told.all.isEmpty, "Forgotten before the owned connection is released")
        #expect(heard.all.map(\.to) == [.released])
    }

    @Test("A refused release forgets nothing [5.5]")
    func refusedReleaseForgetsNothing() throws {
        let (puppet, connection, _) = try puppetLifecycle(in: .connected)
        let heard = Recorder<TransportStatus>()
        connection.onStatusChange(heard.record)
        #expect(throws: LifecycleError.operationRefused(.release, in: .connected)) {
            try connection.release()
        }
        puppet.report(.disconnected)
        #expect(heard.all == [.disconnected])
    }
}
