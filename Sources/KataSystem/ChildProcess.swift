import Foundation
import KataCore

/// A process the tool started with `posix_spawnp`: the tool's one way to start one.
///
/// Not Foundation's `Process`: on Linux it takes about 50 ms to start and reap even `true`
/// (measured here: 53 ms against 0.7 ms). Short helpers (``CapturedCommand``, ``Pager``) stay in
/// the tool's process group; a test run gets a group of its own, so that it, and every process
/// it starts, can be stopped together and nothing is left running.
///
/// Killing only `swift test` would orphan the test binary, which SwiftPM starts in yet another
/// process group: ``stop()`` ends every descendant, wherever its group.
final class ChildProcess {
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
        package let description: String
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

    /// The child's process identifier; in a group of its own (a test run), also the group's.
    let pid: pid_t
    /// How it ended, once it did.
    private(set) var termination: Termination?

    /// Starts `arguments[0]`, looked up on the `PATH`, with the rest as its arguments.
    ///
    /// - Parameter ownProcessGroup: Whether it starts a process group of its own, with every
    ///   signal as the system sets it. A group of its own: Ctrl-C in the terminal reaches the
    ///   tool, which stops the child. Every signal as the system sets it: a tool started with
    ///   SIGQUIT ignored (from a script's background job) must not pass that on, or a hanging test
    ///   process could not be asked for its stacks.
    init(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        actions: [FileAction], ownProcessGroup: Bool = false
    ) throws(LaunchError) {
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
        self.pid = pid
    }

    /// Starts a test run in a process group of its own: its output and errors into the file at
    /// `outputPath`, and no input.
    convenience init(arguments: [String], environment: [String: String], outputPath: String)
        throws(LaunchError)
    {
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard output >= 0 else { throw LaunchError(description: "cannot write \(outputPath)") }
        defer { close(output) }
        try self.init(
            arguments, environment: environment,
            actions: [
                .open(0, path: "/dev/null", flags: O_RDONLY), .duplicate(output, as: 1),
                .duplicate(output, as: 2),
            ],
            ownProcessGroup: true)
    }

    deinit { stop() }

    /// Whether the child is still running; reaps it when it has ended.
    var isRunning: Bool {
        guard termination == nil else { return false }
        var status: Int32 = 0
        var result = waitpid(pid, &status, WNOHANG)
        // A signal that arrived meanwhile says nothing of the child: ask again.
        while result < 0, errno == EINTR { result = waitpid(pid, &status, WNOHANG) }
        if result == pid {
            termination = Termination(waitStatus: status)
        } else if result < 0 {
            termination = .exited(-1)
        }
        return termination == nil
    }

    /// Waits for the child to end, and says how it did.
    @discardableResult
    func wait() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let ended = Termination(waitStatus: status)
        termination = ended
        return ended
    }

    /// Ends the child and every process it started, then reaps the child.
    func stop() {
        guard termination == nil else { return }
        // Freeze the tree first, so that no process starts another while it is being ended.
        let tree = [pid] + Self.descendants(of: pid)
        for process in tree { kill(process, SIGSTOP) }
        for process in Self.descendants(of: pid) where !tree.contains(process) { kill(process, SIGKILL) }
        for process in tree.reversed() { kill(process, SIGKILL) }
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        termination = waitpid(pid, &status, 0) == pid ? Termination(waitStatus: status) : .signalled(SIGKILL)
    }

    /// Every process descended from `root`, children before grandchildren.
    static func descendants(of root: pid_t) -> [pid_t] {
        let parents = processParents()
        var found: [pid_t] = []
        var frontier = [root]
        while let parent = frontier.popLast() {
            let children = parents.filter { $0.value == parent }.map(\.key).sorted()
            found += children
            frontier += children
        }
        return found
    }

    /// Each running process's parent: from `/proc` on Linux, from `ps` elsewhere.
    private static func processParents() -> [pid_t: pid_t] {
        var parents: [pid_t: pid_t] = [:]
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") {
            for entry in entries {
                guard let pid = pid_t(entry),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let nameEnd = stat.range(of: ")", options: .backwards)
                else { continue }
                // After the name: state, then the parent's pid.
                let fields = stat[nameEnd.upperBound...].split(separator: " ")
                if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
            }
            return parents
        }
        let listing = CapturedCommand.run(["ps", "-A", "-o", "pid=,ppid="])?.text ?? ""
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let pid = pid_t(fields[0]), let parent = pid_t(fields[1]) {
                parents[pid] = parent
            }
        }
        return parents
    }
}
