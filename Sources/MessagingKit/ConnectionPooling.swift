import Foundation

/// Hands out handles on connections, one per request: the role a connection pool plays.
///
/// The Flyweight kata's `ConnectionPool` plays it, sharing one connection per URL. A kata that
/// builds on a pool, such as the Singleton kata's manager, depends on this protocol rather than
/// on another kata's answer, and its tests hand it a double. ``InMemoryConnectionPool`` is a
/// ready-made one.
public protocol ConnectionPooling<Handle>: Sendable {
    /// The kind of handle this pool hands out.
    associatedtype Handle: ConnectionHandling

    /// Opens a new handle on a connection to `url`.
    ///
    /// Every call gets a handle of its own.
    /// - Throws: whatever the pool's connection factory threw (``ConnectionFactoryError`` from
    ///   the factories in this package), unchanged.
    func makeHandle(for url: URL) async throws -> Handle
}
