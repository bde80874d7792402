import Command
import Foundation
import KataTestSupport
import MessagingKit

/// The brief's rules for an outbox as a model: a buffer over a line that drops, comes back,
/// and fails some sends, lived beside the real outbox.
///
/// A reference for the model check of step 2; it knows nothing of how a solution is written.
struct OutboxModel {
    enum Fault: CaseIterable, CustomStringConvertible {
        case none, refusedOnce, dropsOnce
        var description: String {
            switch self {
            case .none: ""
            case .refusedOnce: " (its first send is refused)"
            case .dropsOnce: " (the network drops during its first send)"
            }
        }
    }

    enum Step: CustomStringConvertible {
        case send(Fault)
        case connected
        case drops
        case cancel(Int)

        var description: String {
            switch self {
            case .send(let fault): "outbox.send(next)\(fault)"
            case .connected: "the line says connected"
            case .drops: "the line says disconnected"
            case .cancel(let index): "outbox.cancel(ticket of command \(index))"
            }
        }

        static func random(using random: inout SeededGenerator) -> Step {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5: .send(Fault.allCases.randomElement(using: &random) ?? .none)
            case 5, 6: .connected
            case 7: .drops
            default: .cancel(Int.random(in: 0..<8, using: &random))
            }
        }
    }

    static let capacity = 3

    var connected = false
    var buffer: [Int] = []
    var faults: [Int: Fault] = [:]
    var names: [Int: String] = [:]
    var outcomes: [CommandOutcome?] = []
    var sent: [String] = []

    /// Lives `step`, the `index`th of its life; returns what the call answered, as text.
    mutating func apply(_ step: Step, index: Int) -> String {
        switch step {
        case .send(let fault):
            guard buffer.count < Self.capacity else { return "\(OutboxError.full(capacity: Self.capacity))" }
            let number = outcomes.count
            outcomes.append(nil)
            faults[number] = fault
            names[number] = "s\(index)"
            buffer.append(number)
            if connected { run() }
            return "ticket"
        case .connected:
            connected = true
            run()
        case .drops:
            connected = false
        case .cancel(let index):
            guard index < outcomes.count, let place = buffer.firstIndex(of: index) else {
                return "\(CancelResult.notPending)"
            }
            buffer.remove(at: place)
            outcomes[index] = .cancelled
            return "\(CancelResult.cancelled)"
        }
        return ""
    }

    private mutating func run() {
        while let first = buffer.first {
            let fault = faults[first] ?? .none
            faults[first] = Fault.none
            switch fault {
            case .refusedOnce:
                buffer.removeFirst()
                outcomes[first] = .refused(reason: String(describing: Forbidden()))
            case .dropsOnce:
                connected = false
                return
            case .none:
                buffer.removeFirst()
                outcomes[first] = .sent
                sent.append(names[first, default: "?"])
            }
        }
    }

    /// Lives `life` on a new outbox over a ``Line`` and on the model side by side; describes
    /// the first step where they disagree.
    static func disagreement(living life: [Step]) throws -> Discrepancy? {
        let line = Line()
        line.report(.disconnected)
        let outbox = try OfflineOutbox(connection: line, capacity: capacity)
        var model = OutboxModel()
        var tickets: [CommandTicket] = []
        for (index, step) in life.enumerated() {
            let expected = model.apply(step, index: index)
            var answer = ""
            switch step {
            case .send(let fault):
                let name = "s\(index)"
                switch fault {
                case .none: break
                case .refusedOnce: line.refuseNext(name, with: Forbidden())
                case .dropsOnce: line.dropDuringNext(name)
                }
                do {
                    tickets.append(try outbox.send(name))
                    answer = "ticket"
                } catch {
                    answer = "\(error)"
                }
            case .connected: line.report(.connected)
            case .drops: line.report(.disconnected)
            case .cancel(let number):
                answer =
                    number < tickets.count
                    ? "\(outbox.cancel(tickets[number]))" : "\(CancelResult.notPending)"
            }
            if answer != expected {
                return Discrepancy(after: index, "it answered \(answer); the rules say \(expected)")
            }
            if line.sentNames != model.sent {
                return Discrepancy(after: index, "sent \(line.sentNames); the rules say \(model.sent)")
            }
            if outbox.pendingCount != model.buffer.count {
                return Discrepancy(
                    after: index,
                    "pendingCount is \(outbox.pendingCount); the rules say \(model.buffer.count)")
            }
            let outcomes = tickets.map(\.outcome)
            if outcomes != model.outcomes {
                return Discrepancy(
                    after: index,
                    "the tickets say \(outcomes.map { $0.map(String.init(describing:)) ?? "waiting" }); the rules say \(model.outcomes.map { $0.map(String.init(describing:)) ?? "waiting" })"
                )
            }
        }
        return nil
    }
}
