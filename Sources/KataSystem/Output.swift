import Foundation
import KataCore

/// Where a command's words go: standard output and standard error in the tool; in tests, a
/// recording, so that they can check what the learner reads, whole.
package struct Output: Sendable {
    /// Writes one line (a newline is added).
    package let line: @Sendable (String) -> Void
    /// Writes one line about what went wrong.
    package let error: @Sendable (String) -> Void

    /// Standard output and standard error.
    package static let standard = Output(
        line: { Swift.print($0) }, error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
}
