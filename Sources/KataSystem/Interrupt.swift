import Foundation
import Synchronization

/// Ctrl-C, noticed: the signal handler only sets a flag, and the tool's loops, which poll
/// anyway, stop what they started and leave.
package enum Interrupt {
    private static let flag = Atomic<Bool>(false)

    /// Whether the learner pressed Ctrl-C or Ctrl-\\, closed the terminal, or the tool was told
    /// to stop (SIGINT, SIGQUIT, SIGHUP, SIGTERM).
    package static var requested: Bool { flag.load(ordering: .relaxed) }

    /// The signals that stop the tool: Ctrl-C, Ctrl-\\, a closed terminal, a request to end.
    static let signals = [SIGINT, SIGQUIT, SIGHUP, SIGTERM]

    /// Installs the handler for every one of ``signals``.
    package static func install() {
        let handler: @convention(c) (Int32) -> Void = { _ in Interrupt.flag.store(true, ordering: .relaxed) }
        for stop in signals { signal(stop, handler) }
    }
}
