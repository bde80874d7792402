import Flyweight
import Foundation
import KataTestSupport
import MessagingKit

/// What the brief says the pool and its handles do, in a few lines: the reference random
/// sequences of opens, closes, sends, network events and keeper releases are compared with.
///
/// Each sequence runs on a fresh pool over a ``CountingFactory`` and on a fresh model; after
/// every operation both must agree on how many connections were made, which URLs are in use,
/// which handles are open, what every subscription heard and what every call answered.
struct PoolModel {
    /// What a sequence may do next.
    ///
    /// Handles are picked by number among those opened so far.
    enum Operation: Sendable, CustomStringConvertible {
        case open(server: Int)
        case close(pick: Int)
        /// The caller lets go of its handle without closing it.
        case letGo(pick: Int)
        case send(pick: Int)
        case accept(server: Int)
        case drop(server: Int)
        /// The server sends an event named `message`; every handle subscribed to it.
        case deliver(server: Int)
        /// The keeper asks the pool to release the server's connection, if unused.
        case release(server: Int)

        var description: String {
            switch self {
            case .open(let server): "open a handle on server \(server) (it subscribes to message)"
            case .close(let pick): "close the handle picked by \(pick)"
            case .letGo(let pick): "let go of the handle picked by \(pick), unclosed"
            case .send(let pick): "send typing through the handle picked by \(pick)"
            case .accept(let server): "server \(server) accepts"
            case .drop(let server): "the network drops server \(server)'s connection"
            case .deliver(let server): "server \(server) sends message"
            case .release(let server): "the keeper asks to release server \(server)'s connection"
            }
        }
    }

    /// Which operations a sequence draws: keeper releases only from step 4 on.
    enum Mix {
        case handles, withKeeper
    }

    static let servers = ["wss://a.example.com/chat", "wss://b.example.com/chat"]

    static func operation(_ mix: Mix, using random: inout SeededGenerator) -> Operation {
        let server = Int.random(in: 0..<servers.count, using: &random)
        let pick = Int.random(in: 0..<8, using: &random)
        let kinds = mix == .withKeeper ? 9 : 8
        switch Int.random(in: 0..<kinds, using: &random) {
        case 0, 1: return .open(server: server)
        case 2: return .close(pick: pick)
        case 3: return .letGo(pick: pick)
        case 4: return .send(pick: pick)
        case 5: return .accept(server: server)
        case 6: return .drop(server: server)
        case 7: return .deliver(server: server)
        default: return .release(server: server)
        }
    }

    private struct Pooled {
        let generation: Int
        var status: TransportStatus = .idle
    }

    private struct Handle {
        let name: String
        let server: Int
        let generation: Int
        var isOpen = true
        var isHeld = true
    }

    private var pooled: [Int: Pooled] = [:]
    private var handles: [Handle] = []
    private(set) var connectionsMade = 0
    private(set) var heard: [String] = []
    private(set) var answers: [String] = []

    /// Whether the pool says `server` is in use (rule 2.10, 3.7).
    func isInUse(_ server: Int) -> Bool {
        guard let connection = pooled[server] else { return false }
        return handles.contains {
            $0.server == server && $0.generation == connection.generation && $0.isOpen && $0.isHeld
        }
    }

    /// The handles the caller still holds, by name, with whether each is open.
    var held: [String: Bool] {
        Dictionary(uniqueKeysWithValues: handles.filter(\.isHeld).map { ($0.name, $0.isOpen) })
    }

    /// The handles opened so far, by name, as `pick` picks them.
    var opened: [String] { handles.map(\.name) }

    mutating func apply(_ operation: Operation, number: Int) {
        switch operation {
        case .open(let server):
            var connection = pooled[server] ?? Pooled(generation: connectionsMade)
            if pooled[server] == nil { connectionsMade += 1 }
            if [.idle, .disconnected].contains(connection.status) { connection.status = .connecting }
            pooled[server] = connection
            handles.append(Handle(name: "h\(number)", server: server, generation: connection.generation))
        case .close(let pick):
            guard let index = pickHeld(pick) else { return }
            handles[index].isOpen = false
        case .letGo(let pick):
            guard let index = pickHeld(pick) else { return }
            handles[index].isHeld = false
        case .send(let pick):
            guard let index = pickHeld(pick) else { return }
            let handle = handles[index]
            if !handle.isOpen {
                answers.append("\(handle.name) send: closed")
            } else if let connection = pooled[handle.server], connection.generation == handle.generation {
                answers.append(
                    "\(handle.name) send: "
                        + (connection.status == .connected ? "sent" : "notConnected(\(connection.status))"))
            } else {
                answers.append("\(handle.name) send: notConnected(disconnected)")
            }
        case .accept(let server):
            if pooled[server]?.status == .connecting { pooled[server]?.status = .connected }
        case .drop(let server):
            if pooled[server]?.status == .connected { pooled[server]?.status = .disconnected }
        case .deliver(let server):
            guard let connection = pooled[server], connection.status == .connected else { return }
            for handle in handles
            where handle.server == server && handle.generation == connection.generation && handle.isOpen
                && handle.isHeld
            {
                heard.append("\(handle.name) heard m\(number)")
            }
        case .release(let server):
            guard pooled[server] != nil else {
                answers.append("release server \(server): false")
                return
            }
            let released = !isInUse(server)
            if released { pooled[server] = nil }
            answers.append("release server \(server): \(released)")
        }
    }

    /// The index of the handle `pick` names among those opened, if the caller still holds it.
    private func pickHeld(_ pick: Int) -> Int? {
        guard !handles.isEmpty else { return nil }
        let index = pick % handles.count
        return handles[index].isHeld ? index : nil
    }
}

/// The pool under test, its factory, and what the callers saw.
final class PoolRig {
    let factory = CountingFactory()
    let pool: ConnectionPool
    let heard = Recorder<String>()
    var answers: [String] = []
    /// Every handle opened, by name, in order; `nil` once the caller let go of it.
    var handles: [(name: String, handle: ConnectionHandle?)] = []
    let servers: [URL]

    init() throws {
        pool = ConnectionPool(factory: factory)
        servers = try PoolModel.servers.map(url)
    }

    func apply(_ operation: PoolModel.Operation, number: Int) async throws {
        switch operation {
        case .open(let server):
            let name = "h\(number)"
            let handle = try await pool.makeHandle(for: servers[server])
            let heard = heard
            handle.onEvent(try EventName("message")) { event in
                heard.record("\(name) heard \(event.payload["number"] ?? "?")")
            }
            handles.append((name, handle))
        case .close(let pick):
            handle(pick)?.close()
        case .letGo(let pick):
            if !handles.isEmpty { handles[pick % handles.count].handle = nil }
        case .send(let pick):
            guard let handle = handle(pick) else { return }
            let name = handles[pick % handles.count].name
            do {
                try handle.send(try Event("typing"))
                answers.append("\(name) send: sent")
            } catch let error as HandleError {
                answers.append("\(name) send: \(error == .closed(handle.url) ? "closed" : "\(error)")")
            } catch TransportError.notConnected(let status) {
                answers.append("\(name) send: notConnected(\(status))")
            }
        case .accept(let server):
            if let transport = try transport(server), transport.status == .connecting {
                try transport.accept()
            }
        case .drop(let server):
            if let transport = try transport(server), transport.status == .connected { try transport.drop() }
        case .deliver(let server):
            if let transport = try transport(server), transport.status == .connected {
                try transport.deliver(try Event("message", payload: ["number": "m\(number)"]))
            }
        case .release(let server):
            guard factory.connectionsMade(for: servers[server]) > 0 else {
                answers.append("release server \(server): false")
                return
            }
            let connection = try factory.connection(for: servers[server])
            answers.append("release server \(server): \(try await pool.releaseIfUnused(connection))")
        }
    }

    /// The latest transport made for `server`, if any.
    private func transport(_ server: Int) throws -> InMemoryTransport? {
        factory.connectionsMade(for: servers[server]) > 0 ? try factory.transport(for: servers[server]) : nil
    }

    private func handle(_ pick: Int) -> ConnectionHandle? {
        handles.isEmpty ? nil : handles[pick % handles.count].handle
    }

    /// Plays `operations` on a fresh rig and a fresh model; the first disagreement, or `nil`.
    static func disagreement(_ operations: [PoolModel.Operation]) async throws -> Discrepancy? {
        let rig = try PoolRig()
        var model = PoolModel()
        for (index, operation) in operations.enumerated() {
            try await rig.apply(operation, number: index + 1)
            model.apply(operation, number: index + 1)
            if rig.factory.connectionsMade != model.connectionsMade {
                return Discrepancy(
                    after: index,
                    "the factory made \(rig.factory.connectionsMade) connections; the brief says \(model.connectionsMade)"
                )
            }
            for server in PoolModel.servers.indices {
                let inUse = await rig.pool.isInUse(rig.servers[server])
                if inUse != model.isInUse(server) {
                    return Discrepancy(
                        after: index,
                        "isInUse(server \(server)) is \(inUse); the brief says \(model.isInUse(server))")
                }
            }
            let held = Dictionary(
                uniqueKeysWithValues: rig.handles.compactMap { entry in
                    entry.handle.map { (entry.name, $0.isOpen) }
                })
            if held != model.held {
                return Discrepancy(
                    after: index, "the held handles' isOpen are \(held); the brief says \(model.held)")
            }
            if rig.heard.all.sorted() != model.heard.sorted() {
                return Discrepancy(
                    after: index,
                    "the subscriptions heard \(rig.heard.all.sorted()); the brief says \(model.heard.sorted())"
                )
            }
            if rig.answers != model.answers {
                return Discrepancy(
                    after: index, "the calls answered \(rig.answers); the brief says \(model.answers)")
            }
        }
        return nil
    }
}
