import Command
import KataTestSupport
import MessagingKit
import Synchronization

/// What the brief says the outbox does, in a few lines: the reference random sequences of
/// sends, connects, drops, faults and cancels are compared with.
///
/// Each sequence runs on a fresh outbox (capacity 3) over a ``ScriptedConnection``, and on a
/// fresh model; after every operation both must agree on what is pending, what went out, what
/// each call answered and which commands were told they will never run.
struct OutboxModel {
    /// What a sequence may do next.
    enum Operation: Sendable, CustomStringConvertible {
        /// Enqueue a command whose first send meets `fault`. Operation number N sends the
        /// event `cN` (`cNf` for its follow-up).
        case add(Fault)
        /// The connection comes up (a reconnect, when it was down).
        case connect
        /// The connection goes down, and says so.
        case drop
        /// The app cancels one of the commands it was given a ticket for, picked by number.
        case cancel(pick: Int)

        var description: String {
            switch self {
            case .add(.none): "enqueue a command"
            case .add(let fault): "enqueue a command whose first send \(fault)"
            case .connect: "the connection comes up"
            case .drop: "the connection drops"
            case .cancel(let pick): "cancel the ticket picked by \(pick)"
            }
        }
    }

    /// What happens, from inside the connection's `send`, the first time a command is sent.
    enum Fault: Sendable, CustomStringConvertible {
        case none
        /// The send throws while the connection stays connected: refused for good.
        case refused
        /// The connection drops, then the send throws.
        case drops
        /// The connection drops and comes back, then the send throws.
        case dropsAndComesBack
        /// The connection says connecting and then connected again, never disconnected, then
        /// the send throws: a drop all the same.
        case reconnectsOnItsOwn
        /// The app enqueues a follow-up command, then the send goes out.
        case addsFollowUp
        /// The app cancels this very command, then the send goes out.
        case cancelsItself
        /// The app cancels this very command, then the connection drops and the send throws.
        case cancelsItselfThenDrops

        var description: String {
            switch self {
            case .none: "goes out"
            case .refused: "is refused while connected"
            case .drops: "drops the connection and throws"
            case .dropsAndComesBack: "drops the connection, brings it back, and throws"
            case .reconnectsOnItsOwn: "says connecting, then connected again, and throws"
            case .addsFollowUp: "enqueues a follow-up, then goes out"
            case .cancelsItself: "cancels itself, then goes out"
            case .cancelsItselfThenDrops: "cancels itself, then drops the connection and throws"
            }
        }
    }

    /// Which operations a sequence draws: cancels only from step 3 on.
    enum Mix {
        case withoutCancels, withCancels
    }

    static let capacity = 3

    /// A random operation.
    static func operation(_ mix: Mix, using random: inout SeededGenerator) -> Operation {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case ..<18: return .connect
        case ..<34: return .drop
        case ..<46 where mix == .withCancels: return .cancel(pick: Int.random(in: 0..<8, using: &random))
        default: break
        }
        var faults: [Fault] = [
            .none, .none, .none, .refused, .drops, .dropsAndComesBack, .reconnectsOnItsOwn, .addsFollowUp,
        ]
        if mix == .withCancels { faults += [.cancelsItself, .cancelsItselfThenDrops] }
        return .add(faults[Int.random(in: 0..<faults.count, using: &random)])
    }

    private struct Item {
        let name: String
        var fault: Fault
        /// Whether the app holds its ticket yet: not while it runs inside its own `enqueue`.
        var ticketKnown = false
    }

    private var connected = false
    private var buffer: [Item] = []
    private var tickets: [String] = []
    private(set) var sent: [String] = []
    private(set) var answers: [String] = []
    private(set) var told: [String] = []

    var pendingCount: Int { buffer.count }

    /// Plays `operation`, the `number`th of its sequence (from 1).
    mutating func apply(_ operation: Operation, number: Int) {
        switch operation {
        case .add(let fault):
            let name = "c\(number)"
            guard buffer.count < Self.capacity else {
                answers.append("enqueue \(name): full")
                return
            }
            buffer.append(Item(name: name, fault: fault))
            drain()
            answers.append("enqueue \(name): ticket")
            tickets.append(name)
            if let index = buffer.firstIndex(where: { $0.name == name }) { buffer[index].ticketKnown = true }
        case .connect:
            guard !connected else { return }
            connected = true
            drain()
        case .drop:
            connected = false
        case .cancel(let pick):
            guard !tickets.isEmpty else { return }
            let name = tickets[pick % tickets.count]
            if let index = buffer.firstIndex(where: { $0.name == name }) {
                buffer.remove(at: index)
                told.append("\(name) cancelled")
                answers.append("cancel \(name): cancelled")
            } else {
                answers.append("cancel \(name): notPending")
            }
        }
    }

    /// Rules 1.4, 2.1–2.7, 3.5, 3.6: the buffer runs first in, first out, while connected.
    private mutating func drain() {
        while connected, let first = buffer.first {
            let fault = first.fault
            buffer[0].fault = .none
            switch fault {
            case .none:
                deliverFirst()
            case .refused:
                buffer.removeFirst()
            case .drops:
                connected = false
            case .dropsAndComesBack, .reconnectsOnItsOwn:
                continue
            case .addsFollowUp:
                let followUp = first.name + "f"
                if buffer.count < Self.capacity {
                    buffer.append(Item(name: followUp, fault: .none, ticketKnown: true))
                    tickets.append(followUp)
                    answers.append("enqueue \(followUp) from inside \(first.name)'s send: ticket")
                } else {
                    answers.append("enqueue \(followUp) from inside \(first.name)'s send: full")
                }
                deliverFirst()
            case .cancelsItself:
                if first.ticketKnown { answers.append("cancel \(first.name) while it runs: notPending") }
                deliverFirst()
            case .cancelsItselfThenDrops:
                connected = false
                if first.ticketKnown {
                    answers.append("cancel \(first.name) while it runs: notPending")
                    buffer.removeFirst()
                    told.append("\(first.name) cancelled")
                }
            }
        }
    }

    private mutating func deliverFirst() {
        sent.append(buffer.removeFirst().name)
    }
}

/// The outbox under test, its connection, and what the app saw.
final class OutboxRig: Sendable {
    let line: ScriptedConnection
    let outbox: OfflineOutbox
    let answers = RunLog()
    let told = RunLog()
    private let tickets = Mutex<[(name: String, ticket: CommandTicket)]>([])

    init() throws {
        line = try ScriptedConnection()
        outbox = try OfflineOutbox(connection: line, capacity: OutboxModel.capacity)
    }

    /// Plays `operation`, the `number`th of its sequence (from 1).
    func apply(_ operation: OutboxModel.Operation, number: Int) {
        switch operation {
        case .add(let fault):
            let name = "c\(number)"
            arm(fault, for: name)
            do throws(OutboxError) {
                let ticket = try outbox.enqueue(CancelAwareCommand(name: name, log: told))
                answers.write("enqueue \(name): ticket")
                tickets.withLock { $0.append((name, ticket)) }
            } catch {
                answers.write(
                    "enqueue \(name): \(error == .full(capacity: OutboxModel.capacity) ? "full" : "\(error)")"
                )
            }
        case .connect:
            line.connect()
        case .drop:
            line.disconnect()
        case .cancel(let pick):
            guard let (name, ticket) = tickets.withLock({ $0.isEmpty ? nil : $0[pick % $0.count] }) else {
                return
            }
            answers.write("cancel \(name): \(outbox.cancel(ticket))")
        }
    }

    /// What the connection's `send` does the first time it sends `name`.
    private func arm(_ fault: OutboxModel.Fault, for name: String) {
        let line = line
        switch fault {
        case .none:
            break
        case .refused:
            line.onNextSend(of: name) { throw NetworkGone() }
        case .drops:
            line.onNextSend(of: name) {
                line.inner.disconnect()
                throw NetworkGone()
            }
        case .dropsAndComesBack:
            line.onNextSend(of: name) {
                line.inner.disconnect()
                line.inner.connect()
                throw NetworkGone()
            }
        case .reconnectsOnItsOwn:
            line.onNextSend(of: name) {
                line.reconnectOnItsOwn()
                throw NetworkGone()
            }
        case .addsFollowUp:
            line.onNextSend(of: name) { [weak self] in
                guard let self else { return }
                let followUp = name + "f"
                do throws(OutboxError) {
                    let ticket = try outbox.enqueue(CancelAwareCommand(name: followUp, log: told))
                    tickets.withLock { $0.append((followUp, ticket)) }
                    answers.write("enqueue \(followUp) from inside \(name)'s send: ticket")
                } catch {
                    answers.write(
                        "enqueue \(followUp) from inside \(name)'s send: \(error == .full(capacity: OutboxModel.capacity) ? "full" : "\(error)")"
                    )
                }
            }
        case .cancelsItself, .cancelsItselfThenDrops:
            line.onNextSend(of: name) { [weak self] in
                guard let self else { return }
                if let ticket = tickets.withLock({ $0.first { $0.name == name }?.ticket }) {
                    answers.write("cancel \(name) while it runs: \(outbox.cancel(ticket))")
                }
                if fault == .cancelsItselfThenDrops {
                    line.inner.disconnect()
                    throw NetworkGone()
                }
            }
        }
    }

    /// Plays `operations` on a fresh rig and a fresh model; the first disagreement, or `nil`.
    static func disagreement(_ operations: [OutboxModel.Operation]) throws -> Discrepancy? {
        let rig = try OutboxRig()
        var model = OutboxModel()
        for (index, operation) in operations.enumerated() {
            rig.apply(operation, number: index + 1)
            model.apply(operation, number: index + 1)
            let sent = sentNames(rig.line)
            if sent != model.sent {
                return Discrepancy(after: index, "the connection sent \(sent); the brief says \(model.sent)")
            }
            if rig.outbox.pendingCount != model.pendingCount {
                return Discrepancy(
                    after: index,
                    "pendingCount is \(rig.outbox.pendingCount); the brief says \(model.pendingCount)")
            }
            if rig.answers.all != model.answers {
                return Discrepancy(
                    after: index, "the calls answered \(rig.answers.all); the brief says \(model.answers)")
            }
            if rig.told.all != model.told {
                return Discrepancy(
                    after: index, "cancel() was called on \(rig.told.all); the brief says on \(model.told)")
            }
        }
        return nil
    }
}
