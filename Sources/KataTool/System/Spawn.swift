import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a process with `posix_spawnp`: the tool's one way to start one.
///
/// Not Foundation's `Process`: on Linux it takes about 50 ms to start and reap even `true`
/// (measured here: 53 ms against 0.7 ms). Short helpers (``CapturedCommand``, ``Pager``) stay in
/// the tool's process group; a test run (``ChildProcess``) gets a group of its own, so that it can
/// be stopped whole.
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

    /// What could not start.
    struct LaunchError: Error, CustomStringConvertible {
        let description: String
    }

    /// How a process ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)

        /// The ending `waitpid` reported as `status`.
        init(waitStatus status: Int32) {
            let signal = status & 0x7f
            self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }

        /// As a shell says it: the exit status, or 128 plus the signal.
        var exitStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }
    }

    /// Starts `arguments[0]`, looked up on the `PATH`; its process identifier.
    ///
    /// - Parameter ownProcessGroup: Whether it starts a process group of its own, with every
    ///   signal as the system sets it. A group of its own: Ctrl-C in the terminal reaches the
    ///   tool, which stops the child. Every signal as the system sets it: a tool started with
    ///   SIGQUIT ignored (from a script's background job) must not pass that on, or a hanging test
    ///   process could not be asked for its stacks.
    static func start(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        actions: [FileAction], ownProcessGroup: Bool = false
    ) throws(LaunchError) -> pid_t {
        guard let name = arguments.first else { throw LaunchError(description: "no command to start") }
        #if canImport(Glibc)
            var fileActions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var fileActions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&fileActions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&fileActions)
            posix_spawnattr_destroy(&attributes)
        }
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
        if ownProcessGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
            posix_spawnattr_setpgroup(&attributes, 0)
            var everySignal = sigset_t()
            sigfillset(&everySignal)
            posix_spawnattr_setsigdefault(&attributes, &everySignal)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, name, &fileActions, &attributes, argv, envp)
        guard result == 0 else {
            throw LaunchError(description: "cannot start \(name): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Waits for `pid` to end, and says how it did.
    @discardableResult
    static func wait(for pid: pid_t) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return Termination(waitStatus: status)
    }
}
