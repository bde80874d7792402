import Foundation

/// Makes the connection for a server URL.
///
/// In the Factory kata it is the **Abstract factory** (with one product): its one requirement
/// makes the product, and each conforming type, a concrete factory, decides which concrete
/// ``Connection`` a URL gets. Everything that needs
/// a connection (a messaging client, a connection pool) holds an `any ConnectionFactory` and
/// calls ``makeConnection(for:)``. None of them names a concrete connection class, so swapping
/// the factory swaps every connection they make.
public protocol ConnectionFactory: Sendable {
    /// Makes a new, not yet connected connection to `url`.
    ///
    /// Every call makes a new connection: sharing connections is someone else's job.
    /// - Throws: ``ConnectionFactoryError`` when this factory can't connect to `url`, or an error
    ///   of the conforming factory's own. Nothing is made in that case: no half-built
    ///   connection, no socket. Untyped, because others implement it: a factory over a real
    ///   socket library has failures of its own to report.
    func makeConnection(for url: URL) throws -> any Connection
}
