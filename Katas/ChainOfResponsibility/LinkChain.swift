import Foundation

/// One feature of the app that may take a scanned link: it decides, asynchronously, whether the
/// link is its own.
public protocol LinkHandler: Sendable {
    /// The feature's name, reported with the result.
    var name: String { get }

    /// Decides whether this feature takes `link`.
    ///
    /// - Returns: The screen it opens for the link, or `nil` when the link isn't its own.
    /// - Throws: Whatever the feature's check failed with.
    func handle(_ link: URL) async throws -> String?
}

/// What became of a link: which feature took it and the screen it opened, or nobody.
public enum ChainOutcome: Sendable, Hashable {
    /// The feature named `handler` took the link and opened `screen`.
    case handled(by: String, screen: String)
    /// Every feature declined.
    case unhandled
}

/// Asks the app's features, one after another, whether a scanned link is theirs.
///
/// The order of the handlers is configuration: the first that takes the link wins.
public struct LinkChain: Sendable {
    private let handlers: [any LinkHandler]

    /// Creates a chain that asks `handlers` in this order.
    public init(_ handlers: [any LinkHandler]) {
        self.handlers = handlers
    }

    /// Offers `link` to each handler in order, one at a time, until one takes it.
    ///
    /// - Returns: ``ChainOutcome/handled(by:screen:)`` for the first handler that takes it
    ///   (none after it is asked), or ``ChainOutcome/unhandled`` when none does.
    /// - Throws: `CancellationError` once the caller's task is cancelled: no further handler is
    ///   asked. A handler's error reaches the caller as it is, and no further handler is asked.
    public func resolve(_ link: URL) async throws -> ChainOutcome {
        // TODO: Step 4 — ask each handler in turn; stop at the first taker, at an error, or
        //       once the caller's task is cancelled (rules 4.1–4.5).
        .unhandled
    }
}
