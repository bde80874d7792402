/// A connection that knows where it is in its life and can be moved along it: the role a
/// managed connection plays for whoever looks after it.
///
/// The State kata's `ManagedConnection` plays it. The connection keeper in the Chain of
/// Responsibility kata depends on this protocol, not on that answer, and its tests hand it
/// doubles in whatever state they need.
///
/// A class because it has identity: the pool, the keeper and every caller share one.
public protocol LifecycleConnection: AnyObject, Sendable {
    /// Where the connection is in its life now.
    var state: ConnectionState { get }
    /// Starts connecting (from `created`), or reconnecting (from `disconnected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` when the state forbids it.
    func connect() throws(LifecycleError)
    /// Closes the connection, or stops reconnecting.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` when the state forbids it.
    func disconnect() throws(LifecycleError)
    /// Gives the connection back for good (from `disconnected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` when the state forbids it.
    func release() throws(LifecycleError)
}
