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

    // TODO: Step 2 — let each state decide where the owned connection's two reports (connected,
    //       disconnected) take the managed connection (rules 2.2–2.6).
    // TODO: Step 4 — let each state allow or refuse connect, disconnect and release (rules
    //       4.1–4.3); a release releases the owned connection (rule 4.5).
    // TODO: Step 5 — let each state allow or refuse send, request and onEvent (rules 5.1, 5.2).
    //       Where allowed, for now, a request may just send and a subscription may just be
    //       accepted.
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
