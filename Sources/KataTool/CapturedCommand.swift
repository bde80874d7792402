import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A short command the tool runs to read its output: git, diff, ps.
///
/// Started with `posix_spawnp`, not Foundation's `Process`: on Linux a `Process` takes about
/// 50 ms to start and reap even `true` (measured here: 53 ms against 0.7 ms), and the tool runs
/// git a dozen times on a first run.
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
    static func run(_ arguments: [String], in folder: URL? = nil) -> Result? {
        guard !arguments.isEmpty else { return nil }
        // A folder of its own: `sh` changes to it, then becomes the command.
        let command =
            folder.map { ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", $0.path] + arguments }
            ?? arguments
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        let argv = command.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, command[0], &actions, nil, argv, envp) == 0
        close(writeEnd)
        defer { close(readEnd) }
        guard started else { return nil }
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
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7f
        return Result(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, output: output)
    }
}
