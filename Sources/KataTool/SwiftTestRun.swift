import Foundation

/// Runs `swift test` on the package in kata mode and keeps everything it left behind.
struct SwiftTestRun {
    /// What one run produced.
    struct Outcome {
        /// The exit status of `swift test`; non-zero whenever a test failed, which kata mode expects.
        let status: Int32
        /// Everything `swift test` printed, build and tests.
        let log: String
        /// The Swift Testing results (`<name>-swift-testing.xml`), if the file was written.
        let swiftTestingXML: String?
        /// The XCTest results, if there were XCTest tests.
        let xctestXML: String?
    }

    /// The package's root folder.
    let root: URL
    /// Where the log and the xUnit files go.
    let outputFolder: URL
    /// Passed on as `--scratch-path` when set.
    let scratchPath: URL?

    /// The file `swift test`'s output is written to.
    var logFile: URL { outputFolder.appending(path: "swift-test.log") }

    func run() throws -> Outcome {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: outputFolder, withIntermediateDirectories: true)
        let xunit = outputFolder.appending(path: "results.xml")
        let swiftTestingFile = outputFolder.appending(path: "results-swift-testing.xml")
        // Stale results from an earlier run must never be read as this run's.
        for file in [xunit, swiftTestingFile, logFile] where fileManager.fileExists(atPath: file.path) {
            try fileManager.removeItem(at: file)
        }
        try Data().write(to: logFile)
        let logHandle = try FileHandle(forWritingTo: logFile)
        defer { try? logHandle.close() }

        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments =
            ["swift", "test", "--package-path", root.path, "--xunit-output", xunit.path]
            + (scratchPath.map { ["--scratch-path", $0.path] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        // Kata mode means the stubs, whatever the caller's shell says.
        environment["KATA_SOLUTIONS"] = nil
        process.environment = environment
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()
        process.waitUntilExit()

        return Outcome(
            status: process.terminationStatus,
            log: (try? String(contentsOf: logFile, encoding: .utf8)) ?? "",
            swiftTestingXML: try? String(contentsOf: swiftTestingFile, encoding: .utf8),
            xctestXML: try? String(contentsOf: xunit, encoding: .utf8)
        )
    }
}

/// The kata files that differ from the last commit, according to git.
///
/// The check warns about them: it is meant to run on untouched stubs. Returns an empty list
/// when git is not available.
func locallyChangedKataFiles(in root: URL) -> [String] {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["git", "-C", root.path, "status", "--porcelain", "--", "Katas"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return [] }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return [] }
    return String(decoding: output, as: UTF8.self)
        .split(separator: "\n")
        .map { String($0.dropFirst(3)) }
}
