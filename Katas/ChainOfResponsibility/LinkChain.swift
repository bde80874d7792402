import Foundation

/// One feature of the app that may take a scanned link, linked to the feature after it.
///
/// Roles of the pattern in its classic form, as the Gang of Four drew it:
/// - **Handler**: this protocol. Each handler holds its successor (`next`) and decides, for each
///   link, to take it, to pass it on, or to do part of the work and then pass it on.
/// - **Concrete handlers**: ``PaymentLinks``, ``WebView`` and ``TrackingCleaner``; the tests add
///   their own anywhere in a chain.
/// - **Client**: whoever holds the first handler and calls its `handle(_:)`. The chain is the
///   handlers' own links: nothing outside them loops over a list.
public protocol LinkHandler: Sendable {
    /// The feature's name, reported with the outcome when it takes a link.
    var name: String { get }

    /// The handler a link is passed on to; `nil` at the end of the chain.
    var next: (any LinkHandler)? { get }

    /// Takes `link`, passes it on with ``passOn(_:)``, or does part of the work and then passes
    /// it on.
    ///
    /// - Returns: The outcome: this handler's, or what the rest of the chain answered.
    /// - Throws: Whatever this feature's check, or the rest of the chain, failed with.
    func handle(_ link: URL) async throws -> ChainOutcome
}

/// What became of a link: which feature took it and the screen it opened, or nobody.
public enum ChainOutcome: Sendable, Hashable {
    /// The feature named `handler` took the link and opened `screen`.
    case handled(by: String, screen: String)
    /// Every feature passed it on.
    case unhandled
}

extension LinkHandler {
    /// Hands `link` to the next handler and answers with whatever it answers; at the end of the
    /// chain, nobody took it.
    ///
    /// - Throws: `CancellationError` when the caller's task is cancelled, and then nobody else
    ///   is asked; the next handler's error, as it is.
    public func passOn(_ link: URL) async throws -> ChainOutcome {
        // TODO: Step 4 — ask `next`, unless the caller has gone; at the end of the chain,
        //       nobody took it (rules 4.1–4.3).
        .unhandled
    }
}

/// Takes the shop's payment links, `shoppay:…`, and opens the payment screen.
///
/// Role: **Concrete handler** that takes what is its own and passes the rest on.
public struct PaymentLinks: LinkHandler {
    /// `"payments"`, reported with the outcome.
    public let name = "payments"
    /// The handler it passes a link on to.
    public let next: (any LinkHandler)?

    /// Creates the handler, which passes what isn't its own to `next`.
    public init(next: (any LinkHandler)?) {
        self.next = next
    }

    /// Opens the payment screen for a `shoppay:` link, whatever the case of its scheme; passes
    /// any other link on, unchanged.
    public func handle(_ link: URL) async throws -> ChainOutcome {
        // TODO: Step 4 — take a payment link; pass any other on (rule 4.4).
        .unhandled
    }
}

/// Opens any web link in the in-app browser.
///
/// Role: **Concrete handler**, usually the last: it takes every `http` or `https` link.
public struct WebView: LinkHandler {
    /// `"web"`, reported with the outcome.
    public let name = "web"
    /// The handler it passes a link on to.
    public let next: (any LinkHandler)?

    /// Creates the handler, which passes what isn't a web link to `next`.
    public init(next: (any LinkHandler)?) {
        self.next = next
    }

    /// Opens the web view for an `http` or `https` link; passes any other link on.
    public func handle(_ link: URL) async throws -> ChainOutcome {
        // TODO: Step 4 — take a web link; pass any other on (rule 4.5).
        .unhandled
    }
}

/// Removes the marketing tags (`utm_…` query items) from a link, then passes it on.
///
/// Role: **Concrete handler** that does part of the work and passes on: it never takes a link,
/// and what the rest of the chain answers is its answer.
public struct TrackingCleaner: LinkHandler {
    /// `"tracking"`, reported with the outcome.
    public let name = "tracking"
    /// The handler it passes a link on to.
    public let next: (any LinkHandler)?

    /// Creates the handler, which passes each cleaned link to `next`.
    public init(next: (any LinkHandler)?) {
        self.next = next
    }

    /// Passes `link` on without its `utm_` query items.
    public func handle(_ link: URL) async throws -> ChainOutcome {
        // TODO: Step 4 — remove the marketing tags, then pass the link on (rule 4.6).
        .unhandled
    }
}
