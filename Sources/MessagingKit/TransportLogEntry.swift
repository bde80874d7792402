/// One thing a transport log records: a send that went out, a send the transport refused, or a
/// new status.
///
/// The Proxy kata's `LoggingTransport` (a Decorator) hands one to its log sink for each.
public enum TransportLogEntry: Sendable, CustomStringConvertible {
    /// The wrapped transport sent `event`.
    case sent(Event)
    /// The wrapped transport refused `event` with `error`, which the caller got unchanged.
    case refused(Event, error: any Error)
    /// The wrapped transport's status became `status`.
    case statusChanged(TransportStatus)

    /// A line for a log: `sent typing`, `refused typing: <the error>`, `status connected`.
    public var description: String {
        switch self {
        case .sent(let event): "sent \(event.name)"
        case .refused(let event, let error): "refused \(event.name): \(error)"
        case .statusChanged(let status): "status \(status)"
        }
    }
}
