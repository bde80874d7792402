import MessagingKit

/// One thing a person or the network does to a client, in a model-based scenario.
enum ClientAction: Sendable, CustomStringConvertible {
    /// A screen opens a chat on server `server` (0 or 1).
    case open(server: Int)
    /// The `chat`-th chat opened (modulo how many there are) closes.
    case close(chat: Int)
    /// The `chat`-th chat sends the next numbered event.
    case send(chat: Int)
    /// The server accepts the pending connection of `server`, if one is pending.
    case accept(server: Int)
    /// The network drops the connection of `server`, if it is connected.
    case drop(server: Int)
    /// The network comes back for `server`, if it dropped.
    case restore(server: Int)
    /// The network will drop the connection of `server` right after its server receives `count`
    /// more events: in the middle of sending what waited, often.
    case dropAfter(server: Int, count: Int)
    /// The clock moves by one interval: the keeper polls.
    case poll

    var description: String {
        switch self {
        case .open(let server): "open(server \(server))"
        case .close(let chat): "close(chat \(chat))"
        case .send(let chat): "send(chat \(chat))"
        case .accept(let server): "accept(server \(server))"
        case .drop(let server): "drop(server \(server))"
        case .restore(let server): "restore(server \(server))"
        case .dropAfter(let server, let count): "dropAfter(server \(server), \(count))"
        case .poll: "poll"
        }
    }

    /// One action, drawn with weights that keep chats open and sends flowing.
    static func random(using random: inout some RandomNumberGenerator) -> ClientAction {
        let server = Int.random(in: 0...1, using: &random)
        let chat = Int.random(in: 0...5, using: &random)
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<3: return .open(server: server)
        case 3: return .close(chat: chat)
        case 4..<9: return .send(chat: chat)
        case 9..<12: return .accept(server: server)
        case 12..<14: return .drop(server: server)
        case 14..<16: return .restore(server: server)
        case 16: return .dropAfter(server: server, count: Int.random(in: 1...3, using: &random))
        default: return .poll
        }
    }
}

/// What the server must have received, and what each chat must read, after a sequence of
/// actions: the composed client's rules, in a few lines.
///
/// - A chat opened on a server with no connection makes a new socket; on a dropped or
///   disconnected one, it connects it again (reconnecting); otherwise it shares it.
/// - A send of an open chat goes out now if its connection is connected, else it waits in the
///   connection's one queue. A closed chat's send goes nowhere.
/// - What waited goes out, in order, as soon as the connection is connected (accepted or
///   restored), until the network drops again.
/// - A poll reconnects what is in use and not connected, disconnects what nobody uses and is
///   connected or still connecting, and releases (forgets, with what waited) what nobody uses
///   and is disconnected.
struct ClientModel {
    enum Status: Equatable {
        case connecting, connected
        /// Disconnected by the network: it may come back by itself.
        case dropped
        /// Disconnected by the client: only a connect brings it back.
        case closed

        var transport: TransportStatus {
            switch self {
            case .connecting: .connecting
            case .connected: .connected
            case .dropped, .closed: .disconnected
            }
        }
    }

    struct Connection {
        let socket: Int
        var status = Status.connecting
        var lifecycle = ConnectionState.created
        var waiting: [String] = []
    }

    struct Socket {
        let server: Int
        var received: [String] = []
        var dropCountdown: Int?
    }

    /// Each server's connection, until it is released.
    private(set) var connections: [Int: Connection] = [:]
    /// Every socket made, oldest first.
    private(set) var sockets: [Socket] = []
    /// Every chat opened, oldest first: its server and whether it is open.
    private(set) var chats: [(server: Int, isOpen: Bool)] = []
    private(set) var sent = 0

    /// The chat `chat` names, if any chat was opened.
    func chatIndex(_ chat: Int) -> Int? { chats.isEmpty ? nil : chat % chats.count }

    /// The name of the next event a send makes.
    var nextName: String { "m\(sent)" }

    /// What the chat at `index` reads.
    func state(ofChat index: Int) -> ConnectionState {
        let chat = chats[index]
        guard chat.isOpen, let connection = connections[chat.server] else { return .released }
        return connection.lifecycle
    }

    mutating func apply(_ action: ClientAction) {
        // An accept, drop or restore the network can't make now changes nothing.
        guard applies(action) else { return }
        switch action {
        case .open(let server):
            if var connection = connections[server] {
                if connection.status == .dropped || connection.status == .closed {
                    connection.status = .connecting
                    connection.lifecycle = .reconnecting
                }
                connections[server] = connection
            } else {
                sockets.append(Socket(server: server))
                connections[server] = Connection(socket: sockets.count - 1)
            }
            chats.append((server, true))
        case .close(let chat):
            if let index = chatIndex(chat) { chats[index].isOpen = false }
        case .send(let chat):
            guard let index = chatIndex(chat) else { return }
            let name = nextName
            sent += 1
            let server = chats[index].server
            guard chats[index].isOpen, var connection = connections[server] else { return }
            connection.waiting.append(name)
            connections[server] = connection
            flush(server)
        case .accept(let server):
            connections[server]?.status = .connected
            connections[server]?.lifecycle = .connected
            flush(server)
        case .drop(let server):
            connections[server]?.status = .dropped
            connections[server]?.lifecycle = .disconnected
        case .restore(let server):
            connections[server]?.status = .connected
            connections[server]?.lifecycle = .connected
            flush(server)
        case .dropAfter(let server, let count):
            if let socket = connections[server]?.socket { sockets[socket].dropCountdown = count }
        case .poll:
            for (server, connection) in connections {
                let inUse = chats.contains { $0.server == server && $0.isOpen }
                switch (inUse, connection.status) {
                case (true, .dropped), (true, .closed):
                    connections[server]?.status = .connecting
                    connections[server]?.lifecycle = .reconnecting
                case (false, .connected), (false, .connecting):
                    connections[server]?.status = .closed
                    connections[server]?.lifecycle = .disconnected
                case (false, .dropped), (false, .closed):
                    connections[server] = nil
                default:
                    break
                }
            }
        }
    }

    /// Whether `action` is one the harness plays on the real servers now (an accept with nothing
    /// pending, say, is not: the in-memory transport would refuse it).
    func applies(_ action: ClientAction) -> Bool {
        switch action {
        case .accept(let server): connections[server]?.status == .connecting
        case .drop(let server): connections[server]?.status == .connected
        case .restore(let server): connections[server]?.status == .dropped
        case .dropAfter(let server, _): connections[server] != nil
        default: true
        }
    }

    /// Sends what waits on `server`'s connection while it is connected.
    private mutating func flush(_ server: Int) {
        while var connection = connections[server], connection.status == .connected,
            !connection.waiting.isEmpty
        {
            let name = connection.waiting.removeFirst()
            var socket = sockets[connection.socket]
            socket.received.append(name)
            if let left = socket.dropCountdown {
                socket.dropCountdown = left > 1 ? left - 1 : nil
                if left == 1 {
                    connection.status = .dropped
                    connection.lifecycle = .disconnected
                }
            }
            sockets[connection.socket] = socket
            connections[server] = connection
        }
    }
}
