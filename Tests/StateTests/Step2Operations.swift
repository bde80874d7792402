import MessagingKit
import State
import Testing

/// One cell of the operations table: in `state`, `operation` is allowed (and leaves the
/// connection in `after`) or refused (`after` is nil).
struct OperationRule: Sendable, CustomTestStringConvertible {
    let state: ConnectionState
    let operation: ConnectionOperation
    let after: ConnectionState?

    var testDescription: String { "\(operation) in \(state)" }
}

/// The whole table: five states × six operations.
let operationsTable: [OperationRule] = {
    let allowed: [ConnectionState: [ConnectionOperation: ConnectionState]] = [
        .created: [.connect: .created, .onEvent: .created],
        .connected: [
            .disconnect: .disconnected, .send: .connected, .request: .connected, .onEvent: .connected,
        ],
        .disconnected: [.connect: .reconnecting, .release: .released, .onEvent: .disconnected],
        .reconnecting: [.disconnect: .disconnected, .onEvent: .reconnecting],
        .released: [:],
    ]
    return ConnectionState.allCases.flatMap { state in
        ConnectionOperation.allCases.map {
            OperationRule(state: state, operation: $0, after: allowed[state]?[$0])
        }
    }
}()

@Suite("State · Step 2 — Each state decides its operations", .tags(.messaging))
struct Step2Operations {
    @Test(
        "Every operation in every state is allowed or refused, as the table says", arguments: operationsTable)
    func wholeTable(rule: OperationRule) throws {
        let harness = try Harness.lived(rule.state)
        let connection = harness.connection
        let perform: () throws -> Void = {
            let hello = Message(room: "general", text: "hello").event
            switch rule.operation {
            case .connect: try connection.connect()
            case .disconnect: try connection.disconnect()
            case .release: try connection.release()
            case .send: try connection.send(hello)
            case .request: try connection.request(hello) { _ in }
            case .onEvent: try connection.onEvent(hello.name) { _ in }
            }
        }
        if let after = rule.after {
            try perform()
            #expect(
                connection.state == after,
                "\(rule.testDescription) is allowed and leaves it \(after) (step 2)")
        } else {
            #expect(
                throws: LifecycleError.operationRefused(rule.operation, in: rule.state),
                "\(rule.testDescription) is refused, with an error naming this state and operation (step 2)"
            ) {
                try perform()
            }
            #expect(connection.state == rule.state, "A refused operation changes nothing (step 2)")
        }
    }

    @Test("The operations reach the transport: connecting, sending, closing")
    func operationsDriveTheTransport() throws {
        let harness = try Harness()
        let connection = harness.connection
        let transport = harness.transport
        try connection.connect()
        #expect(transport.status == .connecting, "connect() in created starts the transport (step 2)")
        try transport.accept()
        try #require(connection.state == .connected, "The transport connected (step 3)")
        let hello = Message(room: "general", text: "hello").event
        try connection.send(hello)
        #expect(transport.sentEvents == [hello], "send(_:) sends through the transport (step 2)")
        try connection.disconnect()
        #expect(transport.status == .disconnected, "disconnect() closes the transport (step 2)")
        try connection.connect()
        #expect(
            transport.status == .connecting, "connect() in disconnected starts the transport again (step 2)")
        #expect(connection.state == .reconnecting, "…and the connection is reconnecting (step 2)")
    }

    @Test("A request gets the server's next event of its name, once")
    func requestGetsOneReply() throws {
        let harness = try Harness.lived(.connected)
        let question = try Event("price", payload: ["sku": "42"])
        let answer = try Event("price", payload: ["eur": "9.90"])
        let later = try Event("price", payload: ["eur": "8.90"])
        let replies = Recorder<Event>()
        try harness.connection.request(question, onReply: replies.record)
        #expect(
            harness.transport.sentEvents == [question], "A request is sent through the transport (step 2)")
        try harness.transport.deliver(answer)
        try harness.transport.deliver(later)
        #expect(
            replies.all == [answer], "The reply is the next event of the same name, delivered once (step 2)")
    }

    @Test("A subscription made before connecting hears only its event's name once connected")
    func subscriptionHearsItsName() throws {
        let harness = try Harness()
        let heard = Recorder<Event>()
        let message = Message(room: "general", text: "hi").event
        try harness.connection.onEvent(message.name, perform: heard.record)
        try harness.connection.connect()
        try harness.transport.accept()
        try harness.transport.deliver(try Event("typing", payload: ["user": "ana"]))
        try harness.transport.deliver(message)
        #expect(heard.all == [message], "A subscription hears its own event name only (step 2)")
    }
}
