import Foundation

/// Why a ``ConnectionFactory`` made no connection for a URL.
public enum ConnectionFactoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection this factory knows speaks the URL's scheme, such as `ftp` or `http`.
    case unsupportedScheme(URL)
    /// The URL names no server, such as `wss:///socket` or `memory:chat`.
    case missingHost(URL)

    /// The URL that was refused.
    public var url: URL {
        switch self {
        case .unsupportedScheme(let url), .missingHost(let url): url
        }
    }

    /// A sentence that names the URL and what is wrong with it.
    public var description: String {
        switch self {
        case .unsupportedScheme(let url):
            "No connection supports the scheme of \(url.absoluteString) (\"\(url.scheme ?? "")\")."
        case .missingHost(let url):
            "\(url.absoluteString) has no host: a connection needs a server to connect to."
        }
    }
}
