import KataTestSupport
import MessagingKit
import State
import Testing

/// The traffic's operations: the ones that let traffic through or refuse it.
let trafficOperations: Set<ConnectionOperation> = [.send, .request, .onEvent]

@Suite("State · Step 5 — Each state lets traffic through or refuses it", .tags(.messaging))
struct Step5TrafficOperations {
    @Test(
        "send, request and onEvent in every state are allowed or refused, as the table says [5.1, 5.2]",
        arguments: operationsTable.filter { trafficOperations.contains($0.operation) })
    func trafficColumns(rule: OperationRule) throws {
        try checkCell(rule, rules: (allowed: "5.1", refused: "5.1", nothing: "5.2"))
    }

    @Test("send(_:) and request(_:onReply:) go out through the connection it owns [5.2, 1.3]")
    func trafficGoesThroughTheOwnedConnection() throws {
        let hatches = try EscapeHatches.findings(inPattern: "State")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 5)) (rule 1.3)")
        let harness = try Harness.lived(.connected)
        let hello = Message(room: "general", text: "hello").event
        try harness.connection.send(hello)
        #expect(
            harness.transport.sentEvents == [hello],
            "send(_:) sends through the connection it owns (rule 5.2)")
        let question = try Event("price", payload: ["sku": "42"])
        try harness.connection.request(question) { _ in }
        #expect(
            harness.transport.sentEvents == [hello, question],
            "request(_:onReply:) sends through the connection it owns too (rule 5.2)")
        #expect(harness.connection.state == .connected, "Traffic doesn't move the lifecycle (rule 5.1)")
    }

    @Test(
        "The owned connection's error comes through send and request unchanged, and then nothing waits [5.3, 6.3]"
    )
    func ownedConnectionErrorPassesThrough() throws {
        let owned = try ScriptedConnection { _, _ in throw SocketClosedByTest() }
        let connection = ManagedConnection(connection: owned)
        try connection.connect()
        try owned.transport.accept()
        let question = try Event("price", payload: ["sku": "42"])
        #expect(
            throws: SocketClosedByTest(),
            "send(_:) passes the owned connection's own error on, unchanged (rule 5.3)"
        ) {
            try connection.send(question)
        }
        let replies = Recorder<Event>()
        #expect(
            throws: SocketClosedByTest(),
            "request(_:onReply:) passes the owned connection's own error on, unchanged (rule 5.3)"
        ) {
            try connection.request(question, onReply: replies.record)
        }
        try owned.transport.deliver(try Event("price", payload: ["eur": "9.90"]))
        #expect(replies.all.isEmpty, "A request whose send failed waits for no reply (rule 6.3)")
        #expect(connection.state == .connected, "The owned connection's error is not a move (rule 5.3)")
    }

    @Test(
        "The network drops between the state's check and the send: the owned connection's error, unchanged [5.3, 5.4]"
    )
    func dropDuringSend() throws {
        // Forces the race: the lifecycle is connected when it checks, and the socket drops
        // inside `send`. The drop also calls back into the lifecycle from inside its own send:
        // a lifecycle that holds its lock while calling the owned connection stops the run here.
        let owned = try ScriptedConnection { event, transport in
            if transport.status == .connected { try transport.drop() }
            try transport.send(event)
        }
        let connection = ManagedConnection(connection: owned)
        try connection.connect()
        try owned.transport.accept()
        #expect(
            throws: TransportError.notConnected(.disconnected),
            "The owned connection's error reaches the caller as the socket said it (rule 5.3)"
        ) {
            try connection.send(Message(room: "general", text: "hello").event)
        }
        #expect(
            connection.state == .disconnected,
            "The drop, reported from inside send, moved the connection meanwhile (rules 2.2, 5.4)")
    }

    @Test(
        "The library reconnects inside a drop's report, before the lifecycle hears it: it still sends [5.5, 2.4]"
    )
    func lateDropReportNeverStrands() throws {
        let transport = InMemoryTransport(url: try chatURL())
        let socket = SocketConnection(transport: transport)
        // The library's own handler, registered before the lifecycle's, restores the network
        // from inside the drop's report: the lifecycle hears the restore's "connected" first,
        // and the drop's "disconnected" late, over a connected socket.
        socket.onStatusChange { status in
            if status == .disconnected { try? transport.restore() }
        }
        let connection = ManagedConnection(connection: socket)
        try connection.connect()
        try transport.accept()
        try transport.drop()
        try #require(transport.status == .connected, "The library restored the socket at once")
        #expect(
            connection.state == .connected,
            "A late drop report over a connected socket leaves the lifecycle connected (rule 2.4)")
        let hello = Message(room: "general", text: "hello").event
        try connection.send(hello)
        #expect(
            transport.sentEvents == [hello],
            "Never stranded by a late report: the lifecycle sends over the socket that is connected (rule 5.5)"
        )
    }

    @Test(
        "Random lives with faults, sends included, follow the tables of steps 2, 4 and 5 after every step [2.2, 2.3, 2.6, 3.1, 4.1, 4.2, 4.3, 4.5, 5.1]"
    )
    func randomLivesWithSends() async throws {
        let check = ModelCheck<LifecycleModel.Step>(
            rule: "2.2, 2.3, 2.6, 3.1, 4.1, 4.2, 4.3, 4.5, 5.1 (a connection's whole life)",
            sequences: LifecycleModel.sequences, length: LifecycleModel.length
        ) { random in LifecycleModel.Step.random(using: &random) }
        let failure = try await check.run { life in try LifecycleModel.disagreement(living: life) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
