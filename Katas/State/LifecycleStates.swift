import MessagingKit

/// One state of a connection's life, as an object that decides.
///
/// ``ManagedConnection`` hands the current state every operation and every status its owned
/// connection reports, and the state decides: refuse, allow, or allow and move. The tests only
/// use `ManagedConnection`, so give this protocol whatever requirements your states need, as
/// long as each state decides for itself.
protocol ConnectionLifecycleState: Sendable {
    /// Which state this is.
    var name: ConnectionState { get }
    /// The states this one may move to: its row of the transition table.
    var successors: Set<ConnectionState> { get }

    // TODO: Step 1 — a decision for a status the owned connection reports (rules 1.4, 1.5).
    // TODO: Step 2 — a decision for each of connect, disconnect and release: refused, allowed,
    //       or allowed with a move (rules 2.1, 2.2).
    // TODO: Step 4 — a decision for send, request and a subscription (rule 4.1).
    // TODO: Step 5 — what `status` reads under this state while the owned connection is
    //       connected (rule 5.3).
}

// TODO: Step 2 — an extension that refuses every operation by default, in the state's own
//       words, so that each state below lists only what it allows (rules 2.1, 2.2).

/// Made, never connected yet.
struct CreatedState: ConnectionLifecycleState {
    let name = ConnectionState.created
    // TODO: Step 1 — its row of the transition table (rule 1.1).
    let successors: Set<ConnectionState> = []
}

/// Connected: the only state that sends.
struct ConnectedState: ConnectionLifecycleState {
    let name = ConnectionState.connected
    // TODO: Step 1 — its row of the transition table (rule 1.1).
    let successors: Set<ConnectionState> = []
}

/// Not connected, by choice or because the network dropped.
struct DisconnectedState: ConnectionLifecycleState {
    let name = ConnectionState.disconnected
    // TODO: Step 1 — its row of the transition table (rule 1.1).
    let successors: Set<ConnectionState> = []
}

/// Trying to connect again after a disconnect.
struct ReconnectingState: ConnectionLifecycleState {
    let name = ConnectionState.reconnecting
    // TODO: Step 1 — its row of the transition table (rule 1.1).
    let successors: Set<ConnectionState> = []
}

/// Given back for good: the end of the table.
///
/// It refuses everything, and stays whatever is reported.
struct ReleasedState: ConnectionLifecycleState {
    let name = ConnectionState.released
    let successors: Set<ConnectionState> = []
}
