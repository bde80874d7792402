import Foundation
import KataCore

/// A short command the tool runs to read its output: git, diff, ps.
package enum CapturedCommand {
    /// What the command printed, and how it exited.
    package struct Result {
        let status: Int32
        let output: Data

        package var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `arguments[0]`, looked up on the `PATH`, in `folder` (by default the tool's own).
    ///
    /// Its input is empty and its errors are dropped. `nil` when it could not start.
    package static func run(
        _ arguments: [String], in folder: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result? {
        guard !arguments.isEmpty else { return nil }
        // A folder of its own: `sh` changes to it, then becomes the command.
        let command =
            folder.map { ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", $0.path] + arguments }
            ?? arguments
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        let child = try? ChildProcess(
            command, environment: environment,
            actions: [
                .open(0, path: "/dev/null", flags: O_RDONLY), .duplicate(ends[1], as: 1),
                .open(2, path: "/dev/null", flags: O_WRONLY), .close(ends[0]), .close(ends[1]),
            ])
        close(ends[1])
        guard let child else { return nil }
        let printed = (try? output.readToEnd()) ?? Data()
        return Result(status: child.wait().exitStatus, output: printed)
    }
}
