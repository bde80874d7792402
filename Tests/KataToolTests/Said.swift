import Synchronization

@testable import KataCore
@testable import KataSystem
@testable import KataTool

/// What a command said, in order: its lines, and its errors marked `error: `.
final class Said: Sendable {
    private let lines = Mutex<[String]>([])

    /// The output to give the command.
    var output: Output {
        Output(
            line: { line in self.lines.withLock { $0.append(line) } },
            error: { line in self.lines.withLock { $0.append("error: " + line) } })
    }

    /// What it said since the last time, and forgets it.
    func take() -> [String] {
        lines.withLock { lines in
            defer { lines = [] }
            return lines
        }
    }
}
