import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A short command the tool runs to read its output: git, diff, ps.
enum CapturedCommand {
    /// What the command printed, and how it exited.
    struct Result {
        let status: Int32
        let output: Data

        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `arguments[0]`, looked up on the `PATH`, in `folder` (by default the tool's own).
    ///
    /// Its input is empty and its errors are dropped. `nil` when it could not start.
    static func run(
        _ arguments: [String], in folder: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result? {
        guard !arguments.isEmpty else { return nil }
        // A folder of its own: `sh` changes to it, then becomes the command.
        let command =
            folder.map { ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", $0.path] + arguments }
            ?? arguments
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        let pid = try? Spawn.start(
            command, environment: environment,
            actions: [
                .open(0, path: "/dev/null", flags: O_RDONLY), .duplicate(writeEnd, as: 1),
                .open(2, path: "/dev/null", flags: O_WRONLY), .close(readEnd), .close(writeEnd),
            ])
        close(writeEnd)
        defer { close(readEnd) }
        guard let pid else { return nil }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            if count > 0 {
                output.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        return Result(status: Spawn.wait(for: pid).exitStatus, output: output)
    }
}
