import Foundation

/// The address of a messaging server, such as `wss://chat.example.com/socket`.
///
/// A `ServerURL` always has a scheme and a host, so code that receives one never checks again.
/// Which schemes a client supports is not decided here: that is the job of whoever creates the
/// connection.
public struct ServerURL: Sendable, Hashable, CustomStringConvertible {
    /// The parsed URL.
    public let url: URL
    /// The scheme, lowercased, such as `wss`, `ws` or `memory`.
    public let scheme: String
    /// The host name, lowercased.
    public let host: String

    /// Parses `text` as a server URL.
    ///
    /// - Throws: ``MessagingError/invalidURL(_:reason:)`` when `text` is not a URL or has no
    ///   scheme or no host.
    public init(_ text: String) throws(MessagingError) {
        // Why `encodingInvalidCharacters: false`: since macOS 14, `URL(string:)` quietly
        // percent-encodes a space; a server URL with a space is a typo, not a host.
        guard let url = URL(string: text, encodingInvalidCharacters: false), !text.isEmpty else {
            throw .invalidURL(text, reason: "it is not a URL")
        }
        try self.init(url)
    }

    /// Checks that `url` is a server URL.
    ///
    /// - Throws: ``MessagingError/invalidURL(_:reason:)``, naming the URL, when `url` has no
    ///   scheme or no host.
    public init(_ url: URL) throws(MessagingError) {
        let text = url.absoluteString
        guard let scheme = url.scheme, !scheme.isEmpty else {
            throw .invalidURL(text, reason: "it has no scheme such as wss://")
        }
        guard let host = url.host, !host.isEmpty else {
            throw .invalidURL(text, reason: "it has no host")
        }
        self.url = url
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
    }

    /// A server URL no server answers at, `ws://nowhere.invalid`: for a socket that must exist
    /// and never connect, such as a stub's.
    public static let nowhere = ServerURL(checked: "ws://nowhere.invalid")

    /// A server URL from a literal known to be right.
    private init(checked text: StaticString) {
        let url = URL(string: "\(text)") ?? URL(fileURLWithPath: "/")
        self.url = url
        self.scheme = url.scheme ?? "ws"
        self.host = url.host ?? "nowhere.invalid"
    }

    /// The URL as text.
    public var description: String { url.absoluteString }
}
