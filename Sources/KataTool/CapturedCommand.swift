import Foundation

/// A short command the tool runs to read its output: git, diff, ps.
enum CapturedCommand {
    /// What the command printed, and how it exited.
    struct Result {
        let status: Int32
        let output: Data

        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `arguments[0]`, looked up on the `PATH`, in `folder`.
    ///
    /// Its errors are dropped. `nil` when it could not start.
    static func run(_ arguments: [String], in folder: URL? = nil) -> Result? {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: output)
    }
}
