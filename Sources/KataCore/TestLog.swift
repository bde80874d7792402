import Foundation

/// Readers of what a `swift test` pass wrote to its log: the compiler's errors, and how a test
/// process crashed.
package enum TestLog {
    /// The compiler's errors in a build log, with paths made relative to `root`.
    package static func compilerErrors(in log: String, root: String) -> [RunReport.CompilerError] {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return log.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /^(\/[^:]+):(\d+):(\d+): error: (.*)$/),
                let number = Int(match.2), let column = Int(match.3)
            else { return nil }
            var file = String(match.1)
            if file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
            return RunReport.CompilerError(file: file, line: number, column: column, message: String(match.4))
        }
    }

    /// Where the compiler warned, in the kata's own files, that a call calls itself forever:
    /// the likely cause of a stack overflow, which prints no backtrace.
    static func recursionWarning(in log: String, kata: Kata) -> String? {
        let folder = "/Katas/\(kata.pattern.name)/"
        for line in log.split(separator: "\n")
        where line.contains("warning: function call causes an infinite recursion") && line.contains(folder) {
            guard let start = line.range(of: folder) else { continue }
            let parts = line[start.lowerBound...].dropFirst().split(separator: ":")
            if parts.count > 1 { return parts.prefix(2).joined(separator: ":") }
        }
        return nil
    }

    /// What the log of a crashed pass says: the signal, the runtime's message, and the first
    /// frame of the crashed thread in the learner's files; failing that, the place where the
    /// compiler warned that a call in the `victim` kata (the one whose test was running) calls
    /// itself forever.
    package static func crash(in log: String, root: String, victim: Kata? = nil) -> RunReport.Crash {
        let signal = log.firstMatch(of: /unexpected signal code (\d+)/).flatMap { Int32($0.1) }
        // SwiftPM says the test process died on its standard error at once, while the process's
        // own last words may still wait in its buffer: its line can land inside the runtime's
        // message ("Unexpectedly fo" + SwiftPM's line + "und nil …"). It goes before reading.
        let log = log.replacing(/error: Process '[^']*' exited with unexpected signal code \d+\n?/, with: "")
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        let fatal = lines.first { $0.contains("Fatal error") }
        var message = fatal.map { line in
            String(line[(line.range(of: "Fatal error")?.lowerBound ?? line.startIndex)...])
        }
        if message == nil, let crashed = lines.first(where: { $0.hasPrefix("💣 Program crashed:") }) {
            message = String(crashed.dropFirst(2)).trimmingCharacters(in: .whitespaces)
        }
        var location = Backtrace(log: log).firstKataFrame(under: root, crashedOnly: true)?.place
        // `#fileID` (`Proxy/Guard.swift`) leaves out subfolders: find the one file it names.
        if location == nil, let fatal,
            let match = fatal.firstMatch(of: /([A-Za-z]+)\/([^\s:\/]+\.swift):(\d+)/),
            Catalog.katas.contains(where: { $0.pattern.name == match.1 })
        {
            let folder = "Katas/\(match.1)"
            let files = (FileManager.default.subpaths(atPath: root + "/" + folder) ?? [])
                .filter { $0 == match.2 || $0.hasSuffix("/" + match.2) }
            if files.count == 1 { location = "\(folder)/\(files[0]):\(match.3)" }
        }
        if location == nil, let victim, let place = recursionWarning(in: log, kata: victim) {
            location = place
            message =
                message ?? "Infinite recursion? The compiler warned that this call calls itself forever."
        }
        return RunReport.Crash(signal: signal, message: message, location: location)
    }
}
