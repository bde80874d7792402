import MessagingKit

/// One state of a connection's life, as an object that decides.
///
/// Role: **State**. Every operation of ``ManagedConnection``, and every status its owned
/// connection reports, lands here, on the current state. The protocol extension refuses everything; each state overrides only
/// what it allows, so a state's file reads as its row of the table.
///
/// - Note: Why `Sendable` structs: a state has no data of its own (the context holds it), so it
///   is a value that any thread may read. The connection swaps one for another under its lock.
protocol ConnectionLifecycleState: Sendable {
    /// Which state this is.
    var name: ConnectionState { get }
    /// The states this one may move to: its row of the transition table.
    var successors: Set<ConnectionState> { get }
    /// What the connection's `status` says while the socket under it is connected: `connected`
    /// only where this state sends.
    var statusOverConnectedSocket: TransportStatus { get }

    func connect(_ connection: ManagedConnection) throws(LifecycleError)
    func disconnect(_ connection: ManagedConnection) throws(LifecycleError)
    func release(_ connection: ManagedConnection) throws(LifecycleError)
    // Why untyped: the owned connection's own error passes on unchanged, and `Connection` is a
    // protocol others implement, so its errors are not a closed set.
    func send(_ event: Event, through connection: ManagedConnection) throws
    func request(
        _ event: Event, onReply: @escaping @Sendable (Event) -> Void, through connection: ManagedConnection
    ) throws
    /// Subscribes to the events named `name`, or to every event when `name` is nil.
    func onEvent(
        _ name: EventName?, perform action: @escaping @Sendable (Event) -> Void,
        on connection: ManagedConnection
    ) throws(LifecycleError)

    /// The owned connection reported a status, and it is connected now (whatever the report,
    /// which may have come late, said).
    func innerDidConnect(_ connection: ManagedConnection)
    /// The owned connection reported a status, and it is disconnected now.
    func innerDidDisconnect(_ connection: ManagedConnection)
}

// Why defaults that refuse: a state lists what it allows; everything else is refused with an
// error built from `name`.
// Fixes bug 1 on docs/sources.md: no state can refuse in another state's words.
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
    func send(_ event: Event, through connection: ManagedConnection) throws {
        throw LifecycleError.operationRefused(.send, in: name)
    }
    func request(
        _ event: Event, onReply: @escaping @Sendable (Event) -> Void, through connection: ManagedConnection
    ) throws {
        throw LifecycleError.operationRefused(.request, in: name)
    }
    // Why allowed by default: every state but `released` lets a screen subscribe, even before
    // the first connect, so it misses nothing once connected.
    func onEvent(
        _ name: EventName?, perform action: @escaping @Sendable (Event) -> Void,
        on connection: ManagedConnection
    ) throws(LifecycleError) {
        connection.subscribe(name, action)
    }
    // Why ignore by default: a report can't be refused back to the socket. A state that has no
    // move for it (connected hearing "connected", released hearing anything) does nothing.
    func innerDidConnect(_ connection: ManagedConnection) {}
    func innerDidDisconnect(_ connection: ManagedConnection) {}
}

/// Made, never connected yet.
///
/// `connect()` starts the owned connection; the state changes when it reports that it
/// connected (or that it failed).
struct CreatedState: ConnectionLifecycleState {
    let name = ConnectionState.created
    let successors: Set<ConnectionState> = [.connected, .disconnected]
    // Why connecting: the socket is up, and its report is on its way.
    let statusOverConnectedSocket = TransportStatus.connecting

    func connect(_ connection: ManagedConnection) throws(LifecycleError) {
        // Why `try?`: `Connection` lets a connection refuse, for the sake of managed ones like
        // this. The one a lifecycle owns is the plain one underneath, which never refuses; the
        // lifecycle is the one place that does, and its refusals were decided above. The same
        // holds for every call on the owned connection below but `send`.
        try? connection.inner.connect()
    }
    // Why `try?`: the table allows both moves from here; if another thread moved first, there
    // is nothing left to do, and nobody to tell.
    func innerDidConnect(_ connection: ManagedConnection) { try? connection.enter(.connected) }
    func innerDidDisconnect(_ connection: ManagedConnection) { try? connection.enter(.disconnected) }
}

/// Connected: the only state that sends.
struct ConnectedState: ConnectionLifecycleState {
    let name = ConnectionState.connected
    let successors: Set<ConnectionState> = [.disconnected]
    // Why connected: the one state that sends.
    let statusOverConnectedSocket = TransportStatus.connected

    func disconnect(_ connection: ManagedConnection) throws(LifecycleError) {
        // Why enter first: the move is the operation's promise. The owned connection's own
        // "disconnected" report then finds the lifecycle already disconnected, and does nothing.
        try connection.enter(.disconnected)
        try? connection.inner.disconnect()
    }
    func send(_ event: Event, through connection: ManagedConnection) throws {
        // Why no catch: if the socket dropped since this state was read, the owned connection
        // says so in its own words, and the caller hears them unchanged.
        try connection.inner.send(event)
    }
    func request(
        _ event: Event, onReply: @escaping @Sendable (Event) -> Void, through connection: ManagedConnection
    ) throws {
        // Why wait before sending: a server may answer before `send` returns (the connection
        // calls back synchronously); a request that started waiting afterwards would miss it.
        let waiting = connection.awaitReply(to: event.name, onReply)
        do {
            try connection.inner.send(event)
        } catch {
            // Nothing went out, so nothing will answer: stop waiting, and pass the error on.
            connection.stopAwaiting(waiting)
            throw error
        }
    }
    func innerDidDisconnect(_ connection: ManagedConnection) { try? connection.enter(.disconnected) }
}

/// Not connected, by choice or because the network dropped.
struct DisconnectedState: ConnectionLifecycleState {
    let name = ConnectionState.disconnected
    let successors: Set<ConnectionState> = [.reconnecting, .released]
    // Why disconnected: a socket the library brought back is not sent through until `connect()`.
    let statusOverConnectedSocket = TransportStatus.disconnected

    func connect(_ connection: ManagedConnection) throws(LifecycleError) {
        try connection.enter(.reconnecting)
        try? connection.inner.connect()
    }
    func release(_ connection: ManagedConnection) throws(LifecycleError) {
        try connection.enter(.released)
        // Why release the owned connection, not only close it: this one is given back for
        // good, so the socket is too. It closes even if the library was retrying on its own,
        // and it forgets this lifecycle's handlers: nothing runs behind a released connection.
        try? connection.inner.release()
    }
    /// The socket came back (the network returned, or the library retried on its own): the
    /// connection passes through `reconnecting`, because the table has no direct move to
    /// `connected`.
    func innerDidConnect(_ connection: ManagedConnection) {
        try? connection.enter(.reconnecting)
        try? connection.enter(.connected)
    }
}

/// Trying to connect again after a disconnect.
struct ReconnectingState: ConnectionLifecycleState {
    let name = ConnectionState.reconnecting
    let successors: Set<ConnectionState> = [.connected, .disconnected]
    // Why connecting: passing through, on the way to connected.
    let statusOverConnectedSocket = TransportStatus.connecting

    func disconnect(_ connection: ManagedConnection) throws(LifecycleError) {
        try connection.enter(.disconnected)
        try? connection.inner.disconnect()
    }
    func innerDidConnect(_ connection: ManagedConnection) { try? connection.enter(.connected) }
    func innerDidDisconnect(_ connection: ManagedConnection) { try? connection.enter(.disconnected) }
}

/// Given back for good: the end of the table.
///
/// Every operation is refused, even `onEvent`, and the owned connection's reports are ignored.
struct ReleasedState: ConnectionLifecycleState {
    let name = ConnectionState.released
    let successors: Set<ConnectionState> = []
    // Why disconnected: given back for good; whatever the socket says, nothing is sent here.
    let statusOverConnectedSocket = TransportStatus.disconnected

    func onEvent(
        _ name: EventName?, perform action: @escaping @Sendable (Event) -> Void,
        on connection: ManagedConnection
    ) throws(LifecycleError) {
        throw .operationRefused(.onEvent, in: self.name)
    }
}
