import KataTestSupport
import MessagingKit
import State
import Testing

/// Connects, sends `event`, and releases, knowing only `Connection`.
///
/// Code like a pool's, a keeper's or an outbox's. It stops at the first error and throws it as
/// it came.
private func connectSendRelease(_ connection: any Connection, _ event: Event) throws {
    try connection.connect()
    try connection.send(event)
    try connection.release()
}

/// Closes and gives back, knowing only `Connection`, as a keeper does with an unused one.
private func giveBack(_ connection: any Connection) throws {
    try connection.disconnect()
    try connection.release()
}

@Suite("State · Step 7 — It is a Connection, and owns one", .tags(.messaging))
struct Step7ItIsAConnection {
    @Test("Held as any Connection, it keeps its lifecycle, and refuses with LifecycleError [7.1, 4.5, 1.3]")
    func heldAsAnyConnection() throws {
        let hatches = try EscapeHatches.findings(inPattern: "State")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 7)) (rule 1.3)")
        let hello = Message(room: "general", text: "hello").event
        let plain = RecordingConnection(url: try chatURL().url)
        try connectSendRelease(plain, hello)
        #expect(
            plain.sentEvents == [hello],
            "The code below knows only Connection: a plain one is connected, sent to and released (rule 7.1)")

        // A connection with no server connects at once, so the code below needs no server.
        let owned = RecordingConnection(url: try chatURL().url)
        let managed = ManagedConnection(connection: owned)
        let held: any Connection = managed
        #expect(
            throws: LifecycleError.operationRefused(.send, in: .created),
            "Held as any Connection, a send before connecting is refused by the lifecycle (rule 7.1)"
        ) {
            try held.send(hello)
        }
        #expect(
            throws: LifecycleError.operationRefused(.release, in: .connected),
            "A managed connection refuses to release while connected, even through any Connection (rule 7.1)"
        ) {
            try connectSendRelease(held, hello)
        }
        #expect(
            owned.sentEvents == [hello], "It connected and sent through the connection it owns (rule 7.1)")
        #expect(
            managed.state == .connected && held.status == .connected,
            "The refused release left it connected (rule 7.1)")

        try giveBack(held)
        #expect(managed.state == .released, "Disconnected, then released: released (rule 7.1)")
        owned.connect()
        #expect(
            owned.status == .disconnected,
            "Releasing it released the connection it owns: that one never opens again (rule 4.5)")
        #expect(
            throws: LifecycleError.operationRefused(.connect, in: .released),
            "Held as any Connection, a released one refuses to connect again (rule 7.1)"
        ) {
            try connectSendRelease(held, hello)
        }
    }

    @Test("Its own id for its whole life, and the url of the connection it owns [7.2, 7.3]")
    func identity() throws {
        let harness = try Harness()
        let other = try Harness()
        let connection = harness.connection
        #expect(connection.id == connection.id, "The id stays the same for its whole life (rule 7.2)")
        #expect(
            connection.id != harness.socket.id,
            "Its id is its own, not the owned connection's: no two connections share one (rule 7.2)")
        #expect(connection.id != other.connection.id, "Two managed connections have two ids (rule 7.2)")
        #expect(connection.url == harness.socket.url, "Its url is the owned connection's (rule 7.3)")
    }

    @Test(
        "A status handler hears a drop before the lifecycle moves on from it, even when the socket is back by then, and a late drop as a drop [7.5, 7.6, 3.5]"
    )
    func handlersHearEachStatusActedOn() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        socket.move(to: .connected)
        try #require(connection.state == .connected, "The socket connected: connected (rule 2.2)")
        let heard = Recorder<String>()
        connection.onStatusChange { [weak connection] status in
            guard let connection else { return }
            heard.record("\(status), \(connection.state)")
            // The socket comes back on its own while the drop is being told.
            if status == .disconnected { socket.set(.connected) }
        }
        socket.move(to: .disconnected)
        #expect(
            heard.all == ["disconnected, disconnected", "connected, connected"],
            "Each status the lifecycle acts on is told before it acts on the next: the drop, then the return (rule 7.6)"
        )
        #expect(connection.state == .connected, "…and it ends on the socket's status (rule 3.5)")

        socket.report(.connected)  // the library reports the same status again
        #expect(
            heard.all == ["disconnected, disconnected", "connected, connected", "connected, connected"],
            "A status reported again is heard again: every report, even one like the last (rule 7.5)")

        socket.dropAndReturnReportedOutOfOrder()  // the drop's report arrives last, late
        #expect(
            Array(heard.all.dropFirst(3)) == ["connected, connected", "disconnected, connected"],
            "A late report is heard as the owned connection reported it, a drop as a drop, though it moved nothing (rule 7.5)"
        )
    }

    @Test(
        "status in every lifecycle state over every socket status: the socket's, connected only with the lifecycle [7.4]"
    )
    func statusInEveryLifecycleState() throws {
        let socketStatuses: [TransportStatus] = [.idle, .connecting, .connected, .disconnected]
        for lifecycle in ConnectionState.allCases {
            for socketStatus in socketStatuses {
                // The brief leaves an idle or connecting socket under a released lifecycle open:
                // its own status, or disconnected for good, both keep rule 7.4's promise.
                if lifecycle == .released && (socketStatus == .idle || socketStatus == .connecting) {
                    continue
                }
                let socket = try LateReportingConnection()
                let connection = ManagedConnection(connection: socket)
                if lifecycle != .created {
                    socket.move(to: .connected)
                }
                if [.disconnected, .reconnecting, .released].contains(lifecycle) {
                    socket.move(to: .disconnected)
                }
                if lifecycle == .reconnecting { try connection.connect() }
                if lifecycle == .released { try connection.release() }
                try #require(
                    connection.state == lifecycle,
                    "The socket's reports and the operations bring the lifecycle to \(lifecycle) (rules 2.2, 4.1)"
                )
                socket.set(socketStatus)  // the socket changes; its report is not handled yet
                let expected: TransportStatus =
                    socketStatus != .connected || lifecycle == .connected
                    ? socketStatus
                    : (lifecycle == .created || lifecycle == .reconnecting ? .connecting : .disconnected)
                #expect(
                    connection.status == expected,
                    "A \(socketStatus) socket under a \(lifecycle) lifecycle reads \(expected) (rule 7.4)")
            }
        }
    }

    @Test(
        "A connected socket under a disconnected or released lifecycle reads disconnected, not connecting [7.4]"
    )
    func connectedSocketUnderAClosedLifecycle() throws {
        let (socket, connection) = try lifecycle(broughtTo: .disconnected)
        socket.set(.connected)  // back, its report not handled yet
        #expect(
            connection.status == .disconnected,
            "The lifecycle is disconnected: it refuses sends, so its status is not connected, nor about to be (rule 7.4)"
        )
        try connection.release()
        socket.set(.connected)  // a library that says connected after a release
        #expect(connection.status == .disconnected, "Released, it is disconnected for good (rule 7.4)")
    }

    @Test(
        "status says connected only with the lifecycle: a connected socket under a reconnecting lifecycle reads connecting [7.4]"
    )
    func statusWaitsForTheLifecycle() throws {
        let harness = try Harness.lived(.disconnected)
        let connection = harness.connection
        let seen = Recorder<String>()
        let token = connection.observe { [weak connection] change in
            guard let connection, change.to == .reconnecting else { return }
            seen.record("\(connection.status)")
        }
        // The library reconnects on its own: the lifecycle passes through reconnecting while
        // the socket already says connected, and a send there would be refused.
        try harness.transport.restore()
        #expect(
            seen.all == ["connecting"],
            "While the lifecycle reconnects, status is not yet connected, whatever the socket says (rule 7.4)"
        )
        #expect(connection.state == .connected && connection.status == .connected, "Then both are (rule 7.4)")
        token.cancel()
    }

    @Test(
        "status is the owned connection's; a status handler hears each one after the lifecycle moved [7.4, 7.5]"
    )
    func statusFollowsTheSocket() throws {
        let harness = try Harness()
        let connection = harness.connection
        let heard = Recorder<String>()
        // The handler reads the connection from inside its callback.
        connection.onStatusChange { [weak connection] status in
            guard let connection else { return }
            heard.record("\(status), \(connection.status), \(connection.state)")
        }
        #expect(connection.status == .idle, "A new one's status is its socket's: idle (rule 7.4)")
        try connection.connect()
        #expect(connection.status == .connecting, "connect(): the socket is connecting (rule 7.4)")
        try harness.transport.accept()
        #expect(connection.status == .connected, "The socket connected (rule 7.4)")
        try harness.transport.drop()
        try harness.transport.restore()
        try connection.disconnect()
        #expect(connection.status == .disconnected, "disconnect() closed the socket (rule 7.4)")
        #expect(
            heard.all == [
                "connecting, connecting, created",
                "connected, connected, connected",
                "disconnected, disconnected, disconnected",
                "connected, connected, connected",
                "disconnected, disconnected, disconnected",
            ],
            "A status handler hears every status of the socket once, in order, with the lifecycle already moved (rule 7.5)"
        )
    }

    @Test(
        "A status handler may call an operation from inside its callback, and hears what it caused once [7.8, 7.7]"
    )
    func statusHandlerCallsAnOperation() throws {
        let harness = try Harness.lived(.connected)
        let heard = Recorder<TransportStatus>()
        // Reconnect at once whenever the socket drops, through the Connection protocol only.
        let held: any Connection = harness.connection
        held.onStatusChange { [weak held] status in
            heard.record(status)
            if status == .disconnected { try? held?.connect() }
        }
        try harness.transport.drop()
        #expect(harness.connection.state == .reconnecting, "The handler's connect() ran (rule 7.8)")
        try harness.transport.accept()
        #expect(harness.connection.state == .connected, "…and the socket connected again (rule 7.8)")
        #expect(
            heard.all == [.disconnected, .connecting, .connected],
            "The handler heard the drop, the reconnect it caused, and the connect, each once (rules 7.5, 7.7, 7.8)"
        )
    }

    @Test("onEvent(_:) hears every event, whatever its name, beside the named subscriptions [7.9, 7.8]")
    func everyEvent() throws {
        let harness = try Harness()
        let connection = harness.connection
        let everything = Recorder<Event>()
        let messages = Recorder<Event>()
        let ping = try Event("ping")
        let pong = try Event("pong")
        let message = Message(room: "general", text: "hi").event
        // Subscribed before connecting; the handler answers a ping from inside its callback.
        connection.onEvent { [weak connection] event in
            everything.record(event)
            if event == ping { try? connection?.send(pong) }
        }
        try connection.onEvent(message.name, perform: messages.record)
        try connection.connect()
        try harness.transport.accept()
        try harness.transport.deliver(ping)
        try harness.transport.deliver(message)
        #expect(
            everything.all == [ping, message],
            "onEvent(_:), given before connecting, hears every event, in order (rule 7.9)")
        #expect(messages.all == [message], "A named subscription still hears only its name (rules 7.9, 6.4)")
        #expect(
            harness.transport.sentEvents == [pong], "A handler may send from inside its callback (rule 7.8)")
    }

    @Test(
        "A release forgets the status handlers as it moves: the owned connection's closing, while the library retried, reaches none [7.10, 4.5]"
    )
    func releaseTellsTheHandlersNothing() throws {
        let harness = try Harness.lived(.disconnected)
        let connection = harness.connection
        let statuses = Recorder<TransportStatus>()
        connection.onStatusChange(statuses.record)
        harness.transport.connect()  // the library retries on its own
        try #require(
            statuses.all == [.connecting] && connection.state == .disconnected,
            "The handler hears the library's retry, which moves nothing (rules 7.5, 2.3)")
        try connection.release()
        #expect(
            harness.transport.status == .disconnected,
            "release() closed the socket the library was opening (rule 4.5)")
        #expect(
            statuses.all == [.connecting],
            "The release forgot the status handlers as it moved: the socket's report that it closed reaches none (rule 7.10)"
        )
    }

    @Test("A released one forgets its status and event handlers, and takes no new ones [7.10, 6.5]")
    func releaseForgetsHandlers() throws {
        // The owned connection here keeps reporting after its release, as a faulty library
        // may: whatever the released one hears, it must hear nothing.
        let leaky = try LeakyConnection()
        let connection = ManagedConnection(connection: leaky)
        let statuses = Recorder<TransportStatus>()
        let events = Recorder<Event>()
        connection.onStatusChange(statuses.record)
        connection.onEvent(events.record)
        let hello = Message(room: "general", text: "hello").event
        try connection.connect()
        try leaky.transport.accept()
        try leaky.transport.deliver(hello)
        try connection.disconnect()
        try #require(
            statuses.all == [.connecting, .connected, .disconnected] && events.all == [hello],
            "Before the release, the handlers hear the socket (rules 7.5, 7.9)")

        try connection.release()
        let late = Recorder<String>()
        connection.onStatusChange { late.record("status \($0)") }
        connection.onEvent { late.record("event \($0.name)") }
        leaky.transport.connect()
        try leaky.transport.accept()
        try leaky.transport.deliver(hello)
        #expect(statuses.all.count == 3, "A released connection forgot its status handlers (rule 7.10)")
        #expect(events.all == [hello], "A released connection forgot its event handlers (rule 7.10)")
        #expect(
            late.all.isEmpty,
            "A released connection keeps no handler given after the release (rules 7.9, 7.10)")
        #expect(
            connection.state == .released, "A released connection ignores the owned connection (rule 6.5)")
    }

    @Test(
        "connect() from disconnected: a status handler hears connecting while the lifecycle reconnects [7.5, 4.3]"
    )
    func handlerHearsConnectAfterTheMove() throws {
        let harness = try Harness.lived(.disconnected)
        let heard = Recorder<String>()
        harness.connection.onStatusChange { [weak connection = harness.connection] status in
            heard.record("\(status), \(connection?.state.description ?? "gone")")
        }
        try harness.connection.connect()
        #expect(
            heard.all == ["connecting, reconnecting"],
            "The move comes before the owned connection's call, so its report finds the lifecycle reconnecting (rules 4.3, 7.5)"
        )
    }

    @Test("A refused release forgets no handler: a drop afterwards is still heard [7.10, 4.3]")
    func refusedReleaseForgetsNothing() throws {
        let harness = try Harness.lived(.connected)
        let statuses = Recorder<TransportStatus>()
        harness.connection.onStatusChange(statuses.record)
        #expect(throws: LifecycleError.operationRefused(.release, in: .connected)) {
            try harness.connection.release()
        }
        try harness.transport.drop()
        #expect(
            statuses.all == [.disconnected],
            "A refused operation changes nothing, handlers included: the drop is heard (rules 4.3, 7.10)")
    }

    @Test(
        "The socket flips twice while a drop is handled: handlers hear down, up, down, each after the lifecycle moved [7.5, 7.6, 3.5]"
    )
    func handlersHearEveryStatusOfADoubleFlip() throws {
        let (socket, connection) = try lifecycle(broughtTo: .connected)
        let changes = Recorder<ConnectionStateChange>()
        connection.observe { change in
            changes.record(change)
            switch changes.all.count {
            case 1: socket.set(.connected)  // back while the drop is handled
            case 3: socket.set(.disconnected)  // and down again while the return is
            default: break
            }
        }
        let heard = Recorder<String>()
        connection.onStatusChange { [weak connection] status in
            heard.record("\(status), \(connection?.state.description ?? "gone")")
        }
        socket.move(to: .disconnected)
        #expect(
            heard.all == [
                "disconnected, disconnected", "connected, connected", "disconnected, disconnected",
            ],
            "Every status the lifecycle acts on is told, once, after it acted and before it looks again (rules 7.5, 7.6)"
        )
    }

    @Test("A status found by looking again is told even when it moves nothing [7.6, 2.3]")
    func aStatusThatMovesNothingIsStillTold() throws {
        let (socket, connection) = try lifecycle(broughtTo: .disconnected)
        let heard = Recorder<TransportStatus>()
        connection.onStatusChange { status in
            heard.record(status)
            if status == .connecting { socket.set(.idle) }  // the library gives up at once
        }
        socket.move(to: .connecting)
        #expect(
            heard.all == [.connecting, .idle],
            "idle moves nothing (rule 2.3), and is told all the same: every status found is (rule 7.6)")
        #expect(connection.state == .disconnected, "Neither connecting nor idle moves it (rule 2.3)")
    }

    @Test(
        "An observer releases the connection on a drop: the drop reaches no status handler after the release [7.10, 3.3]"
    )
    func releaseInsideADropsChangeSilencesTheDrop() throws {
        let harness = try Harness.lived(.connected)
        let statuses = Recorder<TransportStatus>()
        harness.connection.onStatusChange(statuses.record)
        harness.connection.observe { [weak connection = harness.connection] change in
            if change.to == .disconnected { try? connection?.release() }
        }
        try harness.transport.drop()
        try #require(harness.connection.state == .released, "The observer released it (rule 3.3)")
        #expect(
            statuses.all.isEmpty,
            "The release forgot the handlers as it moved: the report being handled reaches none of them after it (rule 7.10)"
        )
    }

}

extension Step7ItIsAConnection {
    @Test(
        "After a report overtaken while it is handled, the connection reads connected and sends [3.5, 7.4]"
    )
    func overtakenReportStillSends() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        socket.move(to: .connected)
        socket.set(.disconnected)  // the network drops, and comes back while the drop is handled
        socket.whenStatusIsNextRead {
            socket.move(to: .connected)
        }
        socket.report(.disconnected)
        #expect(
            connection.status == .connected,
            "The lifecycle settled on connected, and its status says so (rules 3.5, 7.4)")
        try connection.send(Message(room: "general", text: "hello").event)
        #expect(socket.sent.count == 1, "…so the connection still sends (rules 3.5, 7.4)")
    }
}
