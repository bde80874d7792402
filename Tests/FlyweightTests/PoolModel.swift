import Flyweight
import Foundation
import KataTestSupport
import MessagingKit

/// The brief's rules for the keyed pool as a model: two servers, handles opened, connected,
/// closed and let go of, the servers and the network acting, and a keeper releasing, lived
/// beside the real pool.
///
/// A reference for the model check of step 5; it knows nothing of how a solution is written.
struct PoolModel {
    enum Step: CustomStringConvertible {
        case open(server: Int)
        case connect(pick: Int)
        case close(pick: Int)
        case letGo(pick: Int)
        case accept(server: Int)
        case drop(server: Int)
        case deliver(server: Int)
        case release(server: Int)

        var description: String {
            switch self {
            case .open(let server): "open a handle on server \(server); it subscribes to message"
            case .connect(let pick): "the handle picked by \(pick) connects"
            case .close(let pick): "close the handle picked by \(pick)"
            case .letGo(let pick): "let go of the handle picked by \(pick), unclosed"
            case .accept(let server): "server \(server) accepts"
            case .drop(let server): "the network drops server \(server)'s connection"
            case .deliver(let server): "server \(server) sends message"
            case .release(let server): "the keeper asks to release server \(server)'s connection"
            }
        }

        static func random(using random: inout SeededGenerator) -> Step {
            let server = Int.random(in: 0..<2, using: &random)
            let pick = Int.random(in: 0..<8, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1: return .open(server: server)
            case 2: return .connect(pick: pick)
            case 3: return .close(pick: pick)
            case 4: return .letGo(pick: pick)
            case 5: return .accept(server: server)
            case 6: return .drop(server: server)
            case 7: return .deliver(server: server)
            default: return .release(server: server)
            }
        }
    }

    struct Handle {
        let server: Int
        var open = true
        var held = true
        var heard = 0
    }

    var pooled = [false, false]
    var made = [0, 0]
    var status = [TransportStatus.idle, .idle]
    var handles: [Handle] = []

    func inUse(_ server: Int) -> Bool { handles.contains { $0.server == server && $0.open && $0.held } }

    mutating func apply(_ step: Step) {
        switch step {
        case .open(let server):
            if !pooled[server] {
                pooled[server] = true
                made[server] += 1
                status[server] = .idle
            }
            handles.append(Handle(server: server))
        case .connect(let pick):
            guard let index = pickIndex(pick), handles[index].open, handles[index].held else { return }
            let server = handles[index].server
            if status[server] == .idle || status[server] == .disconnected { status[server] = .connecting }
        case .close(let pick):
            if let index = pickIndex(pick), handles[index].held { handles[index].open = false }
        case .letGo(let pick):
            if let index = pickIndex(pick) { handles[index].held = false }
        case .accept(let server):
            if pooled[server], status[server] == .connecting { status[server] = .connected }
        case .drop(let server):
            if pooled[server], status[server] == .connected { status[server] = .disconnected }
        case .deliver(let server):
            guard pooled[server], status[server] == .connected else { return }
            for index in handles.indices
            where handles[index].server == server && handles[index].open
                && handles[index].held
            {
                handles[index].heard += 1
            }
        case .release(let server):
            guard pooled[server], !inUse(server) else { return }
            pooled[server] = false
            for index in handles.indices where handles[index].server == server { handles[index].open = false }
        }
    }

    private func pickIndex(_ pick: Int) -> Int? { handles.isEmpty ? nil : pick % handles.count }

    /// Lives `life` on a new pool and on the model side by side; describes the first step where
    /// they disagree.
    static func disagreement(living life: [Step]) async throws -> Discrepancy? {
        let factory = Factory()
        let pool = ConnectionPool(factory: factory)
        let view = pool.keeperView
        let urls = try servers(2)
        let message = try EventName("message")
        var model = PoolModel()
        var handles: [ConnectionHandle?] = []
        var heard: [Recorder<Event>] = []
        for (index, step) in life.enumerated() {
            model.apply(step)
            let pick = { (pick: Int) in handles.isEmpty ? nil : pick % handles.count }
            switch step {
            case .open(let server):
                let handle = try await pool.makeHandle(for: urls[server])
                let recorder = Recorder<Event>()
                handle.onEvent(message, perform: recorder.record)
                handles.append(handle)
                heard.append(recorder)
            case .connect(let choice):
                if let at = pick(choice) { try? handles[at]?.connect() }
            case .close(let choice):
                if let at = pick(choice) { handles[at]?.close() }
            case .letGo(let choice):
                if let at = pick(choice) { handles[at] = nil }
            case .accept(let server):
                if model.pooled[server] || factory.made(for: urls[server]) > 0 {
                    let transport = try factory.socket(for: urls[server]).transport
                    if transport.status == .connecting { try transport.accept() }
                }
            case .drop(let server):
                if factory.made(for: urls[server]) > 0 {
                    let transport = try factory.socket(for: urls[server]).transport
                    if transport.status == .connected { try transport.drop() }
                }
            case .deliver(let server):
                if factory.made(for: urls[server]) > 0 {
                    let transport = try factory.socket(for: urls[server]).transport
                    if transport.status == .connected { try transport.deliver(try Event("message")) }
                }
            case .release(let server):
                if factory.made(for: urls[server]) > 0 {
                    _ = try await view.releaseIfUnused(try factory.socket(for: urls[server]))
                }
            }
            for server in 0..<2 where factory.made(for: urls[server]) != model.made[server] {
                return Discrepancy(
                    after: index,
                    "the factory made \(factory.made(for: urls[server])) connections for server \(server); the rules say \(model.made[server])"
                )
            }
            let count = await pool.count
            if count != model.pooled.filter({ $0 }).count {
                return Discrepancy(
                    after: index,
                    "the pool holds \(count) connections; the rules say \(model.pooled.filter { $0 }.count)")
            }
            let counts = heard.map(\.all.count)
            if counts != model.handles.map(\.heard) {
                return Discrepancy(
                    after: index,
                    "the handles heard \(counts) messages; the rules say \(model.handles.map(\.heard))")
            }
            let shown = await view.contents()
            for server in 0..<2 where model.pooled[server] {
                let socket = try factory.socket(for: urls[server])
                let inUse = shown.first { $0.connection === socket }?.isInUse
                if inUse != model.inUse(server) {
                    return Discrepancy(
                        after: index,
                        "the keeper sees server \(server) \(inUse.map { $0 ? "in use" : "unused" } ?? "missing"); the rules say \(model.inUse(server) ? "in use" : "unused")"
                    )
                }
            }
        }
        return nil
    }
}
