import MessagingKit

/// One state of a connection's life, as an object that decides.
///
/// Every operation of ``ManagedConnection``, and every status its owned connection reports,
/// should land on the current state. This shape is a start: the tests only use `ManagedConnection`, so grow it as you like,
/// as long as each state is an object that decides for itself.
protocol ConnectionLifecycleState: Sendable {
    /// Which state this is.
    var name: ConnectionState { get }
    /// The states this one may move to: its row of the transition table.
    var successors: Set<ConnectionState> { get }

    // TODO: Step 2 — add the owned connection's two reports (connected, disconnected), each
    //       given the managed connection, so each state decides where they take it (rules
    //       2.2–2.6). A protocol extension can ignore both by default.
    // TODO: Step 4 — add the lifecycle's three operations (connect, disconnect, release), each
    //       given the managed connection, so each state allows or refuses them (rules 4.1–4.3). A
    //       protocol extension can refuse them by default, in the state's own `name`; each state
    //       then overrides only what it allows. Release releases the owned connection (rule 4.5).
    // TODO: Step 5 — add the traffic's three operations (send, request, onEvent) the same way
    //       (rules 5.1, 5.2). `send` and `request` are refused by default; `onEvent` is allowed in
    //       every state but released, so its default accepts and `ReleasedState` overrides it to
    //       refuse. Where the table allows them, `request` may just send and `onEvent` may just
    //       accept, for now.
    // TODO: Step 6 — let `request` wait for its reply and `onEvent` keep its subscription, in
    //       the states that allow them (rules 6.1–6.4).
    // TODO: Step 7 — let a subscription be to every event, not only to one name (for
    //       `onEvent(_:)`), still refused once released (rule 7.9); and let each state say what
    //       `status` reads while the owned connection is connected (rule 7.4).
}

/// Made, never connected yet.
struct CreatedState: ConnectionLifecycleState {
    let name = ConnectionState.created
    // TODO: Step 1 — its row of the transition table (rules 1.1, 1.2).
    let successors: Set<ConnectionState> = []
}

/// Connected: the only state that sends.
struct ConnectedState: ConnectionLifecycleState {
    let name = ConnectionState.connected
    // TODO: Step 1 — its row of the transition table (rules 1.1, 1.2).
    let successors: Set<ConnectionState> = []
}

/// Not connected, by choice or because the network dropped.
struct DisconnectedState: ConnectionLifecycleState {
    let name = ConnectionState.disconnected
    // TODO: Step 1 — its row of the transition table (rules 1.1, 1.2).
    let successors: Set<ConnectionState> = []
}

/// Trying to connect again after a disconnect.
struct ReconnectingState: ConnectionLifecycleState {
    let name = ConnectionState.reconnecting
    // TODO: Step 1 — its row of the transition table (rules 1.1, 1.2).
    let successors: Set<ConnectionState> = []
}

/// Given back for good: the end of the table.
///
/// Every operation is refused, and the owned connection's reports are ignored.
struct ReleasedState: ConnectionLifecycleState {
    let name = ConnectionState.released
    let successors: Set<ConnectionState> = []
}
