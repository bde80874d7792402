import MessagingKit

/// One state of a connection's life, as an object that decides.
///
/// Role: **State**. ``ManagedConnection`` hands the current state every operation and every
/// status its owned connection reports; the state answers with its decision: refused (it
/// throws), allowed where it stands (`nil`), or allowed with a move (the state to go to). The
/// context carries the decision out. A state never touches the connection: it only decides, so
/// it can decide under the context's lock.
///
/// - Note: Why `Sendable` structs: a state has no data of its own (the context holds it), so
///   it is a value any thread may read.
protocol ConnectionLifecycleState: Sendable {
    /// Which state this is.
    var name: ConnectionState { get }
    /// The states this one may move to: its row of the transition table.
    var successors: Set<ConnectionState> { get }
    /// What `status` reads while the owned connection is connected.
    var statusOverConnectedSocket: TransportStatus { get }

    /// Where `connect()` takes the lifecycle, or `nil` to stay.
    func connect() throws(LifecycleError) -> ConnectionState?
    /// Where `disconnect()` takes the lifecycle, or `nil` to stay.
    func disconnect() throws(LifecycleError) -> ConnectionState?
    /// Where `release()` takes the lifecycle, or `nil` to stay.
    func release() throws(LifecycleError) -> ConnectionState?
    /// Whether a send goes out here: it throws if not.
    func send() throws(LifecycleError)
    /// Whether a request goes out here: it throws if not.
    func request() throws(LifecycleError)
    /// Whether a subscription is kept here: it throws if not.
    func subscribe() throws(LifecycleError)
    /// Where the owned connection's report of `status` takes the lifecycle, or `nil` to stay.
    func reported(_ status: TransportStatus) -> ConnectionState?
}

// Why defaults that refuse: a state lists only what it allows, so its type reads as its row
// of the tables, and every refusal is built from the refusing state's own `name`.
// Fixes bug 1 on docs/sources.md: no state can refuse in another state's words.
extension ConnectionLifecycleState {
    var statusOverConnectedSocket: TransportStatus { .connecting }

    func connect() throws(LifecycleError) -> ConnectionState? { throw .operationRefused(.connect, in: name) }
    func disconnect() throws(LifecycleError) -> ConnectionState? {
        throw .operationRefused(.disconnect, in: name)
    }
    func release() throws(LifecycleError) -> ConnectionState? { throw .operationRefused(.release, in: name) }
    func send() throws(LifecycleError) { throw .operationRefused(.send, in: name) }
    func request() throws(LifecycleError) { throw .operationRefused(.request, in: name) }
    // Why allowed by default: every state but `released` lets a screen subscribe, even before
    // the first connect, so it misses nothing once connected.
    func subscribe() throws(LifecycleError) {}
    // Why stay by default: a report can't be refused back to the socket. A state with no move
    // for it (connected hearing "connected", released hearing anything) stays.
    func reported(_ status: TransportStatus) -> ConnectionState? { nil }
}

/// Made, never connected yet.
struct CreatedState: ConnectionLifecycleState {
    let name = ConnectionState.created
    let successors: Set<ConnectionState> = [.connected, .disconnected]

    // Why stay: the socket starts connecting, and the state changes when it reports.
    func connect() -> ConnectionState? { nil }
    // Why allowed: a connection made, or still connecting, that nobody wants any more must be
    // closable, or a server that never answers keeps it connecting for ever.
    func disconnect() -> ConnectionState? { .disconnected }
    // Why both: connected is the first attempt's success, disconnected its failure.
    func reported(_ status: TransportStatus) -> ConnectionState? {
        switch status {
        case .connected: .connected
        case .disconnected: .disconnected
        case .idle, .connecting: nil
        }
    }
}

/// Connected: the only state that sends.
struct ConnectedState: ConnectionLifecycleState {
    let name = ConnectionState.connected
    let successors: Set<ConnectionState> = [.disconnected]
    let statusOverConnectedSocket = TransportStatus.connected

    func disconnect() -> ConnectionState? { .disconnected }
    func send() {}
    func request() {}
    func reported(_ status: TransportStatus) -> ConnectionState? {
        status == .disconnected ? .disconnected : nil
    }
}

/// Not connected, by choice or because the network dropped.
struct DisconnectedState: ConnectionLifecycleState {
    let name = ConnectionState.disconnected
    let successors: Set<ConnectionState> = [.reconnecting, .released]

    func connect() -> ConnectionState? { .reconnecting }
    func release() -> ConnectionState? { .released }
    // Why reconnecting, not connected: the table has no shortcut. The socket came back (the
    // network returned, or the library retried on its own); reconnecting hears the same report
    // next, and decides for itself.
    func reported(_ status: TransportStatus) -> ConnectionState? {
        status == .connected ? .reconnecting : nil
    }
}

/// Trying to connect again after a disconnect.
struct ReconnectingState: ConnectionLifecycleState {
    let name = ConnectionState.reconnecting
    let successors: Set<ConnectionState> = [.connected, .disconnected]

    func disconnect() -> ConnectionState? { .disconnected }
    func reported(_ status: TransportStatus) -> ConnectionState? {
        switch status {
        case .connected: .connected
        case .disconnected: .disconnected
        case .idle, .connecting: nil
        }
    }
}

/// Given back for good: the end of the table.
///
/// It refuses everything, even a subscription, and stays whatever is reported.
struct ReleasedState: ConnectionLifecycleState {
    let name = ConnectionState.released
    let successors: Set<ConnectionState> = []

    func subscribe() throws(LifecycleError) { throw .operationRefused(.onEvent, in: name) }
}
