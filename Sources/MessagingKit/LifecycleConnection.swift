/// A connection that knows where it is in its life and can be moved along it: the role a
/// managed connection plays for whoever looks after it.
///
/// The State kata's `ManagedConnection` plays it. The connection keeper in the Chain of
/// Responsibility kata depends on this protocol, not on that answer, and its tests hand it
/// doubles in whatever state they need.
///
/// A class because it has identity: the pool, the keeper and every caller share one.
///
/// The requirements throw untyped errors because others implement them (a keeper's test double,
/// a connection over another library). A conforming type may be precise: the State kata's
/// `ManagedConnection` declares `throws(LifecycleError)` and still conforms.
public protocol LifecycleConnection: AnyObject, Sendable {
    /// Where the connection is in its life now.
    var state: ConnectionState { get }
    /// Starts connecting (from `created`), or reconnecting (from `disconnected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` when the state forbids it.
    func connect() throws
    /// Closes the connection, or stops reconnecting.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` when the state forbids it.
    func disconnect() throws
    /// Gives the connection back for good (from `disconnected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` when the state forbids it.
    func release() throws
}
