import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A command the tool runs in a process group of its own, so that it, and every process it
/// starts, can be stopped together and nothing is left running.
///
/// Killing only `swift test` would orphan the test binary, which SwiftPM starts in yet another
/// process group: ``stop()`` ends every descendant, wherever its group.
final class ChildProcess {
    typealias Termination = Spawn.Termination

    /// The child's process identifier, also its process group's.
    let pid: pid_t
    /// How it ended, once it did.
    private(set) var termination: Termination?

    /// Starts `arguments[0]` (looked up on the `PATH`) with the rest as its arguments, its
    /// output and errors into the file at `outputPath`, and no input.
    init(arguments: [String], environment: [String: String], outputPath: String) throws(Spawn.LaunchError) {
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard output >= 0 else { throw Spawn.LaunchError(description: "cannot write \(outputPath)") }
        defer { close(output) }
        pid = try Spawn.start(
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
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            termination = Termination(waitStatus: status)
        } else if result < 0 {
            termination = .exited(-1)
        }
        return termination == nil
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
        if waitpid(pid, &status, 0) == pid {
            termination = Termination(waitStatus: status)
        } else {
            termination = .signalled(SIGKILL)
        }
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
        let fileManager = FileManager.default
        if let entries = try? fileManager.contentsOfDirectory(atPath: "/proc") {
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

/// Ctrl-C, noticed: the signal handler only sets a flag, and the tool's loops, which poll
/// anyway, stop what they started and leave.
enum Interrupt {
    private static let flag = Atomic<Bool>(false)

    /// Whether the learner pressed Ctrl-C or Ctrl-\\, closed the terminal, or the tool was told
    /// to stop (SIGINT, SIGQUIT, SIGHUP, SIGTERM).
    static var requested: Bool { flag.load(ordering: .relaxed) }

    /// The signals that stop the tool: Ctrl-C, Ctrl-\\, a closed terminal, a request to end.
    static let signals = [SIGINT, SIGQUIT, SIGHUP, SIGTERM]

    /// Installs the handler for every one of ``signals``.
    static func install() {
        let handler: @convention(c) (Int32) -> Void = { _ in Interrupt.flag.store(true, ordering: .relaxed) }
        for stop in signals { signal(stop, handler) }
    }
}
