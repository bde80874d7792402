/// Where a messaging connection is in its life.
///
/// A connection starts `created`, and ends `released`, after which it refuses every operation.
/// Which moves between these are allowed is the business of the connection's state machine,
/// not of this list.
public enum ConnectionState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Made, but never connected yet.
    case created
    /// Connected to the server: it can send and receive.
    case connected
    /// Not connected, by choice or because the network dropped.
    case disconnected
    /// Trying to connect again after a disconnect.
    case reconnecting
    /// Given back for good; every operation is refused.
    case released

    /// The state's name.
    public var description: String { rawValue }
}
