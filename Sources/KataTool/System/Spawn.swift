import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a short-lived helper process with `posix_spawnp`, in the tool's own process group.
///
/// For the commands the tool reads (``CapturedCommand``) and the pager (``Pager``). Not
/// Foundation's `Process`: on Linux it takes about 50 ms to start and reap even `true`
/// (measured here: 53 ms against 0.7 ms). The test runs have their own, ``ChildProcess``, which
/// puts them in a process group of their own so that they can be stopped whole.
enum Spawn {
    /// What happens to one of the child's file descriptors before it starts.
    enum FileAction {
        /// Opens `path` as descriptor `descriptor`.
        case open(Int32, path: String, flags: Int32)
        /// Makes `descriptor` a copy of `source`.
        case duplicate(Int32, as: Int32)
        /// Closes `descriptor` in the child.
        case close(Int32)
    }

    /// Starts `arguments[0]`, looked up on the `PATH`; its process identifier, or `nil` when it
    /// could not start.
    static func start(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        actions: [FileAction]
    ) -> pid_t? {
        guard let name = arguments.first else { return nil }
        #if canImport(Glibc)
            var fileActions = posix_spawn_file_actions_t()
        #else
            var fileActions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        for action in actions {
            switch action {
            case .open(let descriptor, let path, let flags):
                posix_spawn_file_actions_addopen(&fileActions, descriptor, path, flags, 0)
            case .duplicate(let source, let descriptor):
                posix_spawn_file_actions_adddup2(&fileActions, source, descriptor)
            case .close(let descriptor):
                posix_spawn_file_actions_addclose(&fileActions, descriptor)
            }
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        return posix_spawnp(&pid, name, &fileActions, nil, argv, envp) == 0 ? pid : nil
    }

    /// Waits for `pid` to end; its exit status, or 128 plus the signal that ended it.
    @discardableResult
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
