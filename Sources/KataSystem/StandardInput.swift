import Foundation

/// Lines typed on standard input, read without blocking the watch loop.
package final class StandardInput {
    package let isTerminal = isatty(STDIN_FILENO) == 1
    private var buffer = Data()
    private var closed = false

    package init() {}

    /// The next complete line, waiting at most `milliseconds` for one; `nil` if none came.
    package func line(waitingUpTo milliseconds: Int32) -> String? {
        if let line = takeLine() { return line }
        guard !closed else {
            usleep(UInt32(milliseconds) * 1000)
            return nil
        }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        guard count > 0 else {
            closed = true
            return nil
        }
        buffer.append(contentsOf: bytes[0..<count])
        return takeLine()
    }

    private func takeLine() -> String? {
        guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        defer { buffer = Data(buffer[buffer.index(after: newline)...]) }
        return String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
    }
}
