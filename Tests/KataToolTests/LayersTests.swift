import Foundation
import Testing

/// The tool's layers, as docs/contributing.md draws them: the compiler keeps a module from
/// reaching up; this keeps KataCore from reaching out.
@Suite("The tool's layers")
struct LayersTests {
    @Test("KataCore starts no process, prints nothing, reads no terminal and handles no signal")
    func coreReachesNoFurtherThanFiles() throws {
        let folder = repositoryRoot.appending(path: "Sources/KataCore")
        let forbidden = [
            "print(", "FileHandle.standard", "exit(", "signal(", "posix_spawn", "Process(", "isatty",
            "fflush", "readLine(", "ioctl(", "kill(",
        ]
        var found: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for call in forbidden where calls(call, in: code) {
                    found.append("Sources/KataCore/\(file):\(index + 1): \(call)")
                }
            }
        }
        #expect(found.isEmpty, "Move these to KataSystem: \(found.joined(separator: "; "))")
    }

    /// Whether `code` names `call` itself, not a longer name that ends with it (`strsignal(`).
    func calls(_ call: String, in code: String) -> Bool {
        code.ranges(of: call).contains { range in
            guard range.lowerBound > code.startIndex else { return true }
            let before = code[code.index(before: range.lowerBound)]
            return !(before.isLetter || before.isNumber || before == "_" || before == ".")
        }
    }
}
