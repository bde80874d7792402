import Foundation
import KataTestSupport
import MessagingKit
import State

/// The brief's tables as a model: a lifecycle over a socket over an in-memory transport, lived
/// one step at a time beside the real one.
///
/// A reference for the model check of step 4; it knows nothing of how a solution is written.
struct LifecycleModel {
    /// What a random life may do next: an operation, or something the server, the network or
    /// the library does on its own.
    enum Step: CaseIterable, CustomStringConvertible {
        case connect, disconnect, release, send, request
        case accept, drop, restore, libraryRetries, serverReplies

        var description: String {
            switch self {
            case .connect: "connection.connect()"
            case .disconnect: "connection.disconnect()"
            case .release: "connection.release()"
            case .send: "connection.send(message)"
            case .request: "connection.request(ping)"
            case .accept: "the server accepts (transport.accept())"
            case .drop: "the network drops (transport.drop())"
            case .restore: "the network comes back (transport.restore())"
            case .libraryRetries: "the library retries on its own (transport.connect())"
            case .serverReplies: "the server answers a ping (transport.deliver(ping))"
            }
        }
    }

    var state = ConnectionState.created
    var socket = TransportStatus.idle
    var droppedByNetwork = false
    var released = false
    var changes: [ConnectionStateChange] = []
    var sent = 0
    var waitingPings = 0
    var answered = 0

    /// Whether the transport allows `step` now; a step it doesn't allow is skipped.
    func canTry(_ step: Step) -> Bool {
        switch step {
        case .accept: socket == .connecting
        case .drop, .serverReplies: socket == .connected
        case .restore: socket == .disconnected && droppedByNetwork
        default: true
        }
    }

    /// Lives `step`; returns the refusal the brief expects, if any.
    mutating func apply(_ step: Step) -> LifecycleError? {
        switch step {
        case .connect:
            switch state {
            case .created: socketConnects()
            case .disconnected:
                move(to: .reconnecting)
                socketConnects()
            default: return .operationRefused(.connect, in: state)
            }
        case .disconnect:
            guard state == .created || state == .connected || state == .reconnecting else {
                return .operationRefused(.disconnect, in: state)
            }
            move(to: .disconnected)
            if socket == .connecting || socket == .connected { socketReports(.disconnected, dropped: false) }
        case .release:
            guard state == .disconnected else { return .operationRefused(.release, in: state) }
            move(to: .released)
            released = true
            waitingPings = 0
            if socket == .connecting || socket == .connected {
                socket = .disconnected
                droppedByNetwork = false
            }
        case .send, .request:
            guard state == .connected else {
                return .operationRefused(step == .send ? .send : .request, in: state)
            }
            sent += 1
            if step == .request { waitingPings += 1 }
        case .accept: socketReports(.connected, dropped: false)
        case .drop: socketReports(.disconnected, dropped: true)
        case .restore: socketReports(.connected, dropped: false)
        case .libraryRetries: socketConnects()
        case .serverReplies:
            if waitingPings > 0 && !released {
                waitingPings -= 1
                answered += 1
            }
        }
        return nil
    }

    private mutating func socketConnects() {
        guard socket == .idle || socket == .disconnected else { return }
        socketReports(.connecting, dropped: false)
    }

    private mutating func socketReports(_ status: TransportStatus, dropped: Bool) {
        socket = status
        droppedByNetwork = dropped
        guard !released else { return }
        switch (state, status) {
        case (.created, .connected), (.reconnecting, .connected): move(to: .connected)
        case (.disconnected, .connected):
            move(to: .reconnecting)
            move(to: .connected)
        case (.created, .disconnected), (.connected, .disconnected), (.reconnecting, .disconnected):
            move(to: .disconnected)
        default: break
        }
    }

    private mutating func move(to next: ConnectionState) {
        changes.append(ConnectionStateChange(from: state, to: next))
        state = next
    }

    static let sequences = 150
    static let length = 1...16
}

extension LifecycleModel {
    /// Lives `life` on a new connection and on the model side by side, skipping a step the
    /// transport doesn't allow at that point; describes the first step where they disagree.
    static func disagreement(living life: [Step]) throws -> Discrepancy? {
        let harness = try Harness()
        let answered = Recorder<Event>()
        let ping = try Event("ping")
        let message = Message(room: "general", text: "hi").event
        var model = LifecycleModel()
        for (index, step) in life.enumerated() where model.canTry(step) {
            let expected = model.apply(step)
            var refusal: (any Error)?
            do {
                switch step {
                case .connect: try harness.connection.connect()
                case .disconnect: try harness.connection.disconnect()
                case .release: try harness.connection.release()
                case .send: try harness.connection.send(message)
                case .request: try harness.connection.request(ping, onReply: answered.record)
                case .accept: try harness.transport.accept()
                case .drop: try harness.transport.drop()
                case .restore: try harness.transport.restore()
                case .libraryRetries: harness.transport.connect()
                case .serverReplies: try harness.transport.deliver(ping)
                }
            } catch {
                refusal = error
            }
            if "\(refusal.map { "\($0)" } ?? "none")" != "\(expected.map { "\($0)" } ?? "none")" {
                return Discrepancy(
                    after: index,
                    "it threw \(refusal.map { "\($0)" } ?? "nothing"); the tables say \(expected.map { "\($0)" } ?? "nothing")"
                )
            }
            if harness.connection.state != model.state {
                return Discrepancy(
                    after: index, "the state is \(harness.connection.state); the tables say \(model.state)")
            }
            if harness.heard.all != model.changes {
                return Discrepancy(
                    after: index,
                    "observers heard \(harness.heard.all.map(\.description)); the tables say \(model.changes.map(\.description))"
                )
            }
            if harness.transport.sentEvents.count != model.sent {
                return Discrepancy(
                    after: index,
                    "\(harness.transport.sentEvents.count) events went out; the tables say \(model.sent)")
            }
            if answered.all.count != model.answered {
                return Discrepancy(
                    after: index,
                    "\(answered.all.count) requests heard their reply; the tables say \(model.answered)")
            }
            if harness.transport.status != model.socket {
                return Discrepancy(
                    after: index, "the socket is \(harness.transport.status); the tables say \(model.socket)")
            }
        }
        return nil
    }
}
