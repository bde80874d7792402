import MessagingKit

/// One state of a connection's life, as an object that decides.
///
/// Every operation and transport event of ``ManagedConnection`` lands on the current state.
/// This shape is a suggestion: the tests only use `ManagedConnection`, so change it as you like,
/// as long as each state is an object that decides for itself.
///
/// The extension below refuses everything, with an error built from the state's own `name`:
/// each state then overrides only what it allows, and reads as its row of the table.
protocol ConnectionLifecycleState: Sendable {
    /// Which state this is.
    var name: ConnectionState { get }
    /// The states this one may move to: its row of the transition table.
    var successors: Set<ConnectionState> { get }

    func connect(_ connection: ManagedConnection) throws(LifecycleError)
    func disconnect(_ connection: ManagedConnection) throws(LifecycleError)
    func release(_ connection: ManagedConnection) throws(LifecycleError)
    func send(_ event: Event, through connection: ManagedConnection) throws(LifecycleError)
    func request(
        _ event: Event, onReply: @escaping @Sendable (Event) -> Void, through connection: ManagedConnection
    ) throws(LifecycleError)
    func onEvent(
        _ name: EventName, perform action: @escaping @Sendable (Event) -> Void,
        on connection: ManagedConnection
    ) throws(LifecycleError)

    /// The transport reports that it is connected.
    func transportDidConnect(_ connection: ManagedConnection)
    /// The transport reports that it is disconnected.
    func transportDidDisconnect(_ connection: ManagedConnection)
}

extension ConnectionLifecycleState {
    func connect(_ connection: ManagedConnection) throws(LifecycleError) {
        throw .operationRefused(.connect, in: name)
    }
    func disconnect(_ connection: ManagedConnection) throws(LifecycleError) {
        throw .operationRefused(.disconnect, in: name)
    }
    func release(_ connection: ManagedConnection) throws(LifecycleError) {
        throw .operationRefused(.release, in: name)
    }
    func send(_ event: Event, through connection: ManagedConnection) throws(LifecycleError) {
        throw .operationRefused(.send, in: name)
    }
    func request(
        _ event: Event, onReply: @escaping @Sendable (Event) -> Void, through connection: ManagedConnection
    ) throws(LifecycleError) {
        throw .operationRefused(.request, in: name)
    }
    func onEvent(
        _ name: EventName, perform action: @escaping @Sendable (Event) -> Void,
        on connection: ManagedConnection
    ) throws(LifecycleError) {
        throw .operationRefused(.onEvent, in: self.name)
    }
    func transportDidConnect(_ connection: ManagedConnection) {}
    func transportDidDisconnect(_ connection: ManagedConnection) {}
}

/// Made, never connected yet.
struct CreatedState: ConnectionLifecycleState {
    let name = ConnectionState.created
    // TODO: Step 1 — its row of the transition table.
    let successors: Set<ConnectionState> = []
    // TODO: Step 2 — the operations it allows.
    // TODO: Step 3 — what the transport's events mean here.
}

/// Connected: the only state that sends.
struct ConnectedState: ConnectionLifecycleState {
    let name = ConnectionState.connected
    // TODO: Step 1 — its row of the transition table.
    let successors: Set<ConnectionState> = []
}

/// Not connected, by choice or because the network dropped.
struct DisconnectedState: ConnectionLifecycleState {
    let name = ConnectionState.disconnected
    // TODO: Step 1 — its row of the transition table.
    let successors: Set<ConnectionState> = []
}

/// Trying to connect again after a disconnect.
struct ReconnectingState: ConnectionLifecycleState {
    let name = ConnectionState.reconnecting
    // TODO: Step 1 — its row of the transition table.
    let successors: Set<ConnectionState> = []
}

/// Given back for good: the end of the table.
///
/// Every operation is refused.
struct ReleasedState: ConnectionLifecycleState {
    let name = ConnectionState.released
    let successors: Set<ConnectionState> = []
}
