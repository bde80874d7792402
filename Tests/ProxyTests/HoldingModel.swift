import KataTestSupport
import MessagingKit
import Proxy

/// One thing that happens to a holding transport in a model-checked sequence.
enum HoldingOperation: Sendable, CustomStringConvertible {
    /// The app sends an event (`x` is one the real transport refuses for good).
    case send(String)
    /// The app connects, and the server accepts (when the socket is idle or was closed).
    case connect
    /// The network drops the connection (when connected).
    case drop
    /// The network is back (after a drop).
    case restore
    /// The app closes the socket (when connected).
    case disconnect
    /// The network will drop inside the real transport's next send made while connected.
    case dropInsideNextSend

    static func random(using random: inout SeededGenerator) -> HoldingOperation {
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<8: .send(["a", "b", "c", "d"].randomElement(using: &random) ?? "a")
        case 8..<10: .send("x")
        case 10..<13: .connect
        case 13..<15: .drop
        case 15..<17: .restore
        case 17: .disconnect
        default: .dropInsideNextSend
        }
    }

    var description: String {
        switch self {
        case .send(let name): "send(\(name))"
        case .connect: "connect, accepted"
        case .drop: "the network drops"
        case .restore: "the network is back"
        case .disconnect: "disconnect()"
        case .dropInsideNextSend: "the network will drop inside the next send"
        }
    }
}

/// What the brief's step 5 says a holding transport does, in a few lines.
struct HoldingModel {
    enum Status { case idle, connected, dropped, closed }

    var status = Status.idle
    var held: [String] = []
    var sent: [String] = []
    var undeliverable: [String] = []
    var dropArmed = false

    mutating func apply(_ operation: HoldingOperation) {
        switch operation {
        case .send(let name):
            guard status == .connected, held.isEmpty else { return held.append(name) }
            if name == "x" { return }  // refused: thrown to the caller, not held, not reported
            if dropArmed {
                dropArmed = false
                status = .dropped
                held.append(name)
            } else {
                sent.append(name)
            }
        case .connect:
            guard status == .idle || status == .closed else { return }
            status = .connected
            deliver()
        case .drop:
            if status == .connected { status = .dropped }
        case .restore:
            guard status == .dropped else { return }
            status = .connected
            deliver()
        case .disconnect:
            if status == .connected { status = .closed }
        case .dropInsideNextSend:
            dropArmed = true
        }
    }

    /// Held sends go out in order; a drop keeps the one being sent and the rest; a refusal for
    /// good is reported and the rest go on.
    private mutating func deliver() {
        while status == .connected, let next = held.first {
            if next == "x" {
                held.removeFirst()
                undeliverable.append(next)
            } else if dropArmed {
                dropArmed = false
                status = .dropped
            } else {
                held.removeFirst()
                sent.append(next)
            }
        }
    }

    /// Plays `operations` on a fresh holding transport and a fresh model, and returns where they
    /// first disagree.
    static func replay(_ operations: [HoldingOperation]) throws -> Discrepancy? {
        let inner = try offlineTransport()
        let real = ScriptedTransport(inner, script: .init(refused: ["x"]))
        let holding = HoldingTransport(wrapping: real)
        var model = HoldingModel()
        for (index, operation) in operations.enumerated() {
            switch operation {
            case .send(let name): try? holding.send(Event(name))
            case .connect:
                if inner.status == .idle || inner.status == .disconnected, model.status != .dropped {
                    holding.connect()
                    guard inner.status == .connecting else {
                        return Discrepancy(after: index, "connect() did not reach the real transport")
                    }
                    try inner.accept()
                }
            case .drop: if inner.status == .connected { try inner.drop() }
            case .restore: if model.status == .dropped { try inner.restore() }
            case .disconnect: if inner.status == .connected { holding.disconnect() }
            case .dropInsideNextSend: real.dropInsideNextSend()
            }
            model.apply(operation)
            let found = (
                sent: sentNames(inner), held: holding.heldCount,
                undeliverable: holding.undeliverable.map(\.event.name.rawValue)
            )
            if found.sent != model.sent || found.held != model.held.count
                || found.undeliverable != model.undeliverable
            {
                return Discrepancy(
                    after: index,
                    "sent \(found.sent), \(found.held) held, undeliverable \(found.undeliverable); "
                        + "the rules say sent \(model.sent), \(model.held.count) held "
                        + "(\(model.held)), undeliverable \(model.undeliverable)")
            }
        }
        return nil
    }
}
