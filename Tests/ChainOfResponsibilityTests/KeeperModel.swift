import ChainOfResponsibility
import Foundation
import KataTestSupport
import MessagingKit
import Synchronization
import Testing

/// What the brief's table says one pass of the standard keeper does, in a few lines: the
/// reference random sequences of passes, callers coming and going, network events and refusals
/// are compared with.
///
/// Each sequence runs on three connections in a fresh pool and a fresh model; after every
/// operation both must agree on each connection's status, what it was asked, whether the pool
/// still holds it, and the errors each pass returned.
struct KeeperModel {
    /// What a sequence may do next, to the connection picked by number.
    enum Operation: Sendable, CustomStringConvertible {
        case pass
        /// A caller takes a handle on it, or lets go of the last one.
        case inUse(Int, Bool)
        /// The server accepts a connection that is connecting.
        case accept(Int)
        /// The network drops a connected connection.
        case drop(Int)
        /// Its next operation is refused, and changes nothing.
        case refuseNext(Int)

        var description: String {
            switch self {
            case .pass: "the keeper makes a pass"
            case .inUse(let index, true): "a caller takes connection \(index)"
            case .inUse(let index, false): "the callers let go of connection \(index)"
            case .accept(let index): "the server accepts connection \(index) if it is connecting"
            case .drop(let index): "the network drops connection \(index) if it is connected"
            case .refuseNext(let index): "connection \(index) refuses its next operation"
            }
        }
    }

    static let count = 3

    static func operation(using random: inout SeededGenerator) -> Operation {
        let index = Int.random(in: 0..<count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0, 1: return .pass
        case 2: return .inUse(index, Bool.random(using: &random))
        case 3: return .accept(index)
        case 4: return .drop(index)
        case 5: return .refuseNext(index)
        default: return .inUse(index, true)
        }
    }

    struct Line: Equatable {
        var status: TransportStatus
        var inUse: Bool
        var pooled = true
        var asked: [ConnectionOperation] = []
        var refuseNext = false
    }

    private(set) var lines: [Line]
    private(set) var errors: [String] = []

    init(statuses: [TransportStatus]) {
        lines = statuses.map { Line(status: $0, inUse: false) }
    }

    /// Rules 3.1, 3.3–3.7: each pooled connection, in pool order, gets its cell of the table.
    mutating func apply(_ operation: Operation) {
        switch operation {
        case .pass:
            for index in lines.indices where lines[index].pooled {
                let line = lines[index]
                switch (line.inUse, line.status) {
                case (true, .idle), (true, .disconnected): ask(index, .connect, then: .connecting)
                case (false, .connected), (false, .connecting): ask(index, .disconnect, then: .disconnected)
                case (false, .disconnected): ask(index, .release, then: .disconnected)
                default: break
                }
            }
        case .inUse(let index, let inUse):
            if lines[index].pooled { lines[index].inUse = inUse }
        case .accept(let index):
            if lines[index].status == .connecting { lines[index].status = .connected }
        case .drop(let index):
            if lines[index].status == .connected { lines[index].status = .disconnected }
        case .refuseNext(let index):
            lines[index].refuseNext = true
        }
    }

    private mutating func ask(_ index: Int, _ operation: ConnectionOperation, then status: TransportStatus) {
        lines[index].asked.append(operation)
        if lines[index].refuseNext {
            lines[index].refuseNext = false
            errors.append("connection \(index) refused \(operation)")
            return
        }
        lines[index].status = status
        if operation == .release { lines[index].pooled = false }
    }
}

/// A connection that moves as the table says, and refuses an operation when told to.
final class ScriptedKeeperConnection: Connection {
    let id = UUID()
    let url: URL
    let index: Int
    private let life: Mutex<KeeperModel.Line>

    init(index: Int, status: TransportStatus) {
        self.index = index
        url = URL(filePath: "/chat/\(index)")
        life = Mutex(KeeperModel.Line(status: status, inUse: false))
    }

    var status: TransportStatus { life.withLock { $0.status } }
    var asked: [ConnectionOperation] { life.withLock { $0.asked } }

    func refuseNext() { life.withLock { $0.refuseNext = true } }
    func accept() { life.withLock { if $0.status == .connecting { $0.status = .connected } } }
    func drop() { life.withLock { if $0.status == .connected { $0.status = .disconnected } } }

    func connect() throws { try perform(.connect) }
    func disconnect() throws { try perform(.disconnect) }
    func release() throws { try perform(.release) }
    func send(_ event: Event) throws { try perform(.send) }
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { ObservationToken {} }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        ObservationToken {}
    }

    private func perform(_ operation: ConnectionOperation) throws {
        let refused = life.withLock { life -> Bool in
            life.asked.append(operation)
            if life.refuseNext {
                life.refuseNext = false
                return true
            }
            switch (life.status, operation) {
            case (.idle, .connect), (.disconnected, .connect): life.status = .connecting
            case (.connected, .disconnect), (.connecting, .disconnect): life.status = .disconnected
            case (.disconnected, .release): break
            default: return true
            }
            return false
        }
        if refused { throw KeeperRefusal(index: index, operation: operation) }
    }
}

/// What a ``ScriptedKeeperConnection`` throws when it refuses.
struct KeeperRefusal: Error, CustomStringConvertible {
    let index: Int
    let operation: ConnectionOperation
    var description: String { "connection \(index) refused \(operation)" }
}

/// A pool of scripted connections whose callers the test moves by hand.
actor ScriptedKeeperPool: KeeperPool {
    private var entries: [(connection: ScriptedKeeperConnection, inUse: Bool)]

    init(_ connections: [ScriptedKeeperConnection]) {
        entries = connections.map { ($0, false) }
    }

    func contents() -> [PooledConnection] {
        entries.map { PooledConnection(connection: $0.connection, isInUse: $0.inUse) }
    }

    func releaseIfUnused(_ connection: any Connection) throws -> Bool {
        guard let index = entries.firstIndex(where: { $0.connection === connection }), !entries[index].inUse
        else {
            return false
        }
        try connection.release()
        entries.remove(at: index)
        return true
    }

    func setInUse(_ index: Int, _ inUse: Bool) {
        if let at = entries.firstIndex(where: { $0.connection.index == index }) { entries[at].inUse = inUse }
    }

    func holds(_ index: Int) -> Bool { entries.contains { $0.connection.index == index } }
}

enum KeeperReplay {
    static let statuses: [TransportStatus] = [.idle, .connected, .disconnected]

    /// Plays `operations` on a fresh keeper and a fresh model; the first disagreement, or `nil`.
    static func disagreement(_ operations: [KeeperModel.Operation]) async -> Discrepancy? {
        let connections = statuses.enumerated().map { ScriptedKeeperConnection(index: $0, status: $1) }
        let pool = ScriptedKeeperPool(connections)
        let keeper = ConnectionKeeper(pool: pool)
        var model = KeeperModel(statuses: statuses)
        var errors: [String] = []
        for (index, operation) in operations.enumerated() {
            switch operation {
            case .pass: errors += await keeper.pass().map { String(describing: $0) }
            case .inUse(let line, let inUse): await pool.setInUse(line, inUse)
            case .accept(let line): connections[line].accept()
            case .drop(let line): connections[line].drop()
            case .refuseNext(let line): connections[line].refuseNext()
            }
            model.apply(operation)
            for (line, connection) in connections.enumerated() {
                let expected = model.lines[line]
                if connection.asked != expected.asked {
                    return Discrepancy(
                        after: index,
                        "connection \(line) was asked \(connection.asked); the table says \(expected.asked)")
                }
                if connection.status != expected.status {
                    return Discrepancy(
                        after: index,
                        "connection \(line) is \(connection.status); the table says \(expected.status)")
                }
                if await pool.holds(line) != expected.pooled {
                    return Discrepancy(
                        after: index,
                        "the pool \(expected.pooled ? "forgot" : "still holds") connection \(line)")
                }
            }
            if errors != model.errors {
                return Discrepancy(
                    after: index, "the passes returned \(errors); the brief says \(model.errors)")
            }
        }
        return nil
    }
}

extension Step3Keeper {
    @Test(
        "Random sequences of passes, callers, network events and refusals agree with the keeper's table [3.1, 3.3, 3.4, 3.5, 3.6, 3.7, 3.8]"
    )
    func randomSequencesAgreeWithTheTable() async throws {
        let check = ModelCheck<KeeperModel.Operation>(
            sequences: 200, length: 1...14
        ) { random in KeeperModel.operation(using: &random) }
        let failure = await check.run { operations in await KeeperReplay.disagreement(operations) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
