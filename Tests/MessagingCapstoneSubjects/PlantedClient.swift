// Spoiler for the messaging capstone's step 0: this file is the planted changes your net must
// catch, written out. Write your net from the brief first; read this after, or never.

import Foundation
import MessagingKit
import Synchronization

/// A change a refactoring of the chat client could plausibly make: what your net must catch.
///
/// Each is described by the behaviour that changed, not by the input that shows it.
enum PlantedClientChange: CaseIterable, CustomStringConvertible {
    case lostBeforeAccept
    case lostWhileDropped
    case waitingReversed
    case secondHandlerReplaces
    case closedChatHears
    case droppedReadsReconnecting
    case topOfRangeRefused
    case urlNormalized
    case refusedOpenAsksNetwork
    case keeperPollsAtOnce

    var description: String {
        switch self {
        case .lostBeforeAccept: "Some sends made before the server answers never go out."
        case .lostWhileDropped: "Some sends made while the network is away never go out."
        case .waitingReversed: "What waited goes out in a different order."
        case .secondHandlerReplaces: "Some handlers no longer hear events they subscribed to."
        case .closedChatHears: "Closing a chat changes less than before."
        case .droppedReadsReconnecting: "A chat reads a different state at some point of its life."
        case .topOfRangeRefused: "Some settings the client took are refused."
        case .urlNormalized: "A chat's URL, or its socket's, differs from the one opened."
        case .refusedOpenAsksNetwork: "Opening a chat asks the network for more than before."
        case .keeperPollsAtOnce: "The keeper polls at other times."
        }
    }
}

/// The legacy client's behaviour, written afresh, with at most one planted change.
///
/// With no change it is a correct program: your net must pass on it as it does on your client.
final class PlantedClient: ClientUnderTest {
    private let settings: [String: String]
    private let network: @Sendable (ServerURL) -> any Transport
    private let change: PlantedClientChange?
    private let chats = Mutex<[PlantedChat]>([])

    init(
        settings: [String: String], network: @escaping @Sendable (ServerURL) -> any Transport,
        change: PlantedClientChange?
    ) {
        self.settings = settings
        self.network = network
        self.change = change
    }

    func open(_ url: URL) async throws -> any ChatUnderTest {
        let opened = change == .urlNormalized ? Self.lowercased(url) : url
        guard let server = try? ServerURL(opened) else {
            throw BuildError(problems: [.invalidURL(url.absoluteString)])
        }
        if change == .refusedOpenAsksNetwork { _ = network(server) }
        if let problem = problem(of: server) { throw BuildError(problems: [problem]) }
        let chat = PlantedChat(transport: network(server), change: change)
        chats.withLock { $0.append(chat) }
        chat.transport.connect()
        return chat
    }

    /// The first problem with `server` and the settings, checked one at a time as the legacy did.
    private func problem(of server: ServerURL) -> BuildProblem? {
        guard server.scheme == "ws" || server.scheme == "wss" else {
            return .unsupportedScheme(server.scheme)
        }
        let top = change == .topOfRangeRefused ? 0 : 1
        if let text = settings["reconnectAttempts"] {
            let attempts = Int(text) ?? 0
            if !(1..<(10 + top)).contains(attempts) { return .reconnectAttemptsOutOfRange(attempts) }
        }
        if let text = settings["timeout"] {
            let seconds = Int(text) ?? 0
            if !(1..<(60 + top)).contains(seconds) { return .timeoutOutOfRange(.seconds(seconds)) }
        }
        if let token = settings["authToken"], token.allSatisfy(\.isWhitespace) { return .emptyAuthToken }
        return nil
    }

    func keepConnections(every interval: Duration, on clock: ManualClock) async {
        var first = change == .keeperPollsAtOnce
        while !Task.isCancelled {
            if !first {
                do { try await clock.sleep(for: interval) } catch { return }
            }
            first = false
            for chat in chats.withLock({ $0 }) where chat.state == .disconnected {
                chat.transport.connect()
            }
        }
    }

    private static func lowercased(_ url: URL) -> URL {
        URL(string: url.absoluteString.lowercased()) ?? url
    }
}

/// One chat of the planted client: the legacy socket's behaviour.
final class PlantedChat: ChatUnderTest {
    let transport: any Transport
    private let change: PlantedClientChange?
    private let legacy = Mutex(Legacy())

    private struct Legacy {
        var state = ConnectionState.created
        var waiting: [Event] = []
        var handlers: [(name: EventName, action: @Sendable (Event) -> Void)] = []
        var everConnected = false
    }

    init(transport: any Transport, change: PlantedClientChange?) {
        self.transport = transport
        self.change = change
        transport.onStatusChange { [weak self] status in self?.transportDidChange(to: status) }
        transport.onEvent { [weak self] event in self?.receive(event) }
    }

    var url: URL { transport.url.url }

    var state: ConnectionState { legacy.withLock { $0.state } }

    func send(_ event: Event) throws {
        if transport.status == .connected {
            try transport.send(event)
            return
        }
        legacy.withLock { legacy in
            if change == .lostBeforeAccept, !legacy.everConnected { return }
            if change == .lostWhileDropped, legacy.everConnected { return }
            legacy.waiting.append(event)
        }
    }

    func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void) {
        legacy.withLock { legacy in
            if change == .secondHandlerReplaces { legacy.handlers.removeAll { $0.name == name } }
            legacy.handlers.append((name, action))
        }
    }

    func close() {
        legacy.withLock { legacy in
            legacy.state = .released
            if change != .closedChatHears { legacy.handlers = [] }
        }
    }

    private func transportDidChange(to status: TransportStatus) {
        switch status {
        case .connected:
            let waiting = legacy.withLock { legacy in
                legacy.state = .connected
                legacy.everConnected = true
                defer { legacy.waiting = [] }
                return change == .waitingReversed ? legacy.waiting.reversed() : legacy.waiting
            }
            for event in waiting { try? transport.send(event) }
        case .disconnected:
            legacy.withLock { $0.state = change == .droppedReadsReconnecting ? .reconnecting : .disconnected }
        default:
            return
        }
    }

    private func receive(_ event: Event) {
        for handler in legacy.withLock({ $0.handlers }) where handler.name == event.name {
            handler.action(event)
        }
    }
}
