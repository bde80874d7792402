import Foundation
import MessagingKit

/// A connection over a socket library's ``Transport``: what `ws://` and `wss://` URLs get.
///
/// It wraps the library behind ``Connection``, so nothing outside this file knows which library
/// is in use. Every operation goes to the transport given to ``init(transport:)``: in the real
/// app a Socket.IO or WebSocket client, in the katas MessagingKit's `InMemoryTransport`.
///
/// ``RecordingConnection`` is another ``Connection``, complete: read it for the shape.
public final class SocketConnection: Connection {
    /// Identifies this connection for its whole life.
    public let id = UUID()
    /// The server this connection talks to: the transport's URL.
    public let url: URL

    /// Creates an idle connection over `transport`.
    public init(transport: any Transport) {
        self.url = transport.url.url
        // TODO: Step 1 — keep the transport: every operation below goes through it.
    }

    /// The transport's status.
    public var status: TransportStatus {
        // TODO: Step 1 — the transport's status.
        .idle
    }

    /// Asks the transport to connect; the server's answer arrives later.
    public func connect() {
        // TODO: Step 1 — ask the transport to connect.
    }

    /// Closes the transport.
    public func disconnect() {
        // TODO: Step 1 — close the transport.
    }

    /// Sends `event` through the transport.
    ///
    /// - Throws: the transport's ``TransportError/notConnected(_:)`` unless connected.
    public func send(_ event: Event) throws(TransportError) {
        // TODO: Step 1 — send through the transport; let its error through.
    }

    /// Calls `handler` with every event the server sends through the transport.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {
        // TODO: Step 1 — register the handler with the transport.
    }
}
