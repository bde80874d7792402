/// Something a caller asks a managed connection to do.
///
/// Which operations a connection allows depends on where it is in its life
/// (``ConnectionState``): a released connection refuses all of them.
public enum ConnectionOperation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Start connecting, or reconnecting after a disconnect.
    case connect
    /// Close the connection, or stop trying to reconnect.
    case disconnect
    /// Give the connection back for good.
    case release
    /// Send an event.
    case send
    /// Send an event and wait for the server's reply.
    case request
    /// Subscribe to the server's events of one name.
    case onEvent

    /// The operation's name.
    public var description: String { rawValue }
}
