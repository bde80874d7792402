import Foundation
import KataTestSupport
import Testing

@Suite("KataTestSupport — escape-hatch scan")
struct EscapeHatchesTests {
    @Test(
        "Each escape hatch is found with its line, and a sentence says why",
        arguments: [
            ("nonisolated(unsafe) var cache: [URL: Int] = [:]", "nonisolated(unsafe)"),
            ("final class Pool: @unchecked Sendable {", "@unchecked Sendable"),
            ("@preconcurrency import Dispatch", "@preconcurrency"),
            ("let raw = UnsafeMutablePointer<Int>.allocate(capacity: 1)", "UnsafeMutablePointer"),
            ("await withUnsafeContinuation { c in", "withUnsafeContinuation"),
            ("let box = Unmanaged.passRetained(self)", "Unmanaged"),
        ])
    func finds(line: String, hatch: String) {
        let text = "import Foundation\n\n    \(line)\n"
        let found = EscapeHatches.findings(in: text, file: "Katas/Flyweight/Pool.swift")
        #expect(found.map(\.hatch) == [hatch])
        #expect(found.first?.line == 3)
        #expect(found.first?.description.hasPrefix("Katas/Flyweight/Pool.swift:3 uses \(hatch). ") == true)
        #expect((found.first?.description.count ?? 0) > 60, "the finding says why, not only where")
    }

    @Test("Comments that mention an escape hatch are not findings")
    func skipsComments() {
        let text = """
            /// Why no `@unchecked Sendable` here: every property is a `let`.
            // nonisolated(unsafe) would hide the race.
            /* @preconcurrency
               UnsafePointer */ let safe = 1
            let x = 2 // @unchecked Sendable
            """
        #expect(EscapeHatches.findings(in: text, file: "a.swift").isEmpty)
    }

    @Test("Files in subfolders are read too, and an allowed exception is left out")
    func walksSubfolders() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "escape-hatches-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appending(path: EscapeHatches.folder(of: "Singleton"))
        try FileManager.default.createDirectory(
            at: folder.appending(path: "Support/Deep"), withIntermediateDirectories: true)
        try "nonisolated(unsafe) var shared = 0\n".write(
            to: folder.appending(path: "Support/Deep/Cache.swift"), atomically: true, encoding: .utf8)
        try "struct Fine {}\nfinal class Box: @unchecked Sendable {}\n".write(
            to: folder.appending(path: "Manager.swift"), atomically: true, encoding: .utf8)

        let all = try EscapeHatches.findings(inPattern: "Singleton", packageRoot: root)
        let base = EscapeHatches.folder(of: "Singleton")
        #expect(
            all.map { "\($0.file):\($0.line)" } == [
                "\(base)/Manager.swift:2", "\(base)/Support/Deep/Cache.swift:1",
            ])

        let allowed = try EscapeHatches.findings(
            inPattern: "Singleton", allowed: ["\(base)/Manager.swift:@unchecked Sendable"], packageRoot: root)
        #expect(allowed.map(\.file) == ["\(base)/Support/Deep/Cache.swift"])
    }

    @Test("Leftovers: a name as a whole word, or a text, in code, not comments, and not in Net/")
    func leftovers() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "leftovers-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appending(path: EscapeHatches.folder(of: "ScanCapstone"))
        try FileManager.default.createDirectory(
            at: folder.appending(path: "Net"), withIntermediateDirectories: true)
        try "var isMulti = false\nvar isMultiple = true // isMulti\nlet key = \"CodeDecoding\"\n".write(
            to: folder.appending(path: "Screen.swift"), atomically: true, encoding: .utf8)
        try "let isMulti = 1\n".write(
            to: folder.appending(path: "Net/Net.swift"), atomically: true, encoding: .utf8)
        let base = EscapeHatches.folder(of: "ScanCapstone")
        #expect(
            try EscapeHatches.leftovers(
                inPattern: "ScanCapstone", names: ["isMulti"], texts: ["\"CodeDecoding\""], packageRoot: root)
                == ["\(base)/Screen.swift:1 (isMulti)", "\(base)/Screen.swift:3 (\"CodeDecoding\")"])
    }

    @Test("The report names the step and every finding, one per line; no findings, no report")
    func report() {
        let found = EscapeHatches.findings(
            in: "nonisolated(unsafe) var a = 0\nfinal class B: @unchecked Sendable {}\n",
            file: "Katas/Proxy/A.swift")
        let text = EscapeHatches.report(found, step: 3)
        #expect(text.contains("(step 3)"))
        #expect(text.contains("\n  Katas/Proxy/A.swift:1 uses nonisolated(unsafe). "))
        #expect(text.contains("\n  Katas/Proxy/A.swift:2 uses @unchecked Sendable. "))
        #expect(EscapeHatches.report([], step: 3).isEmpty)
    }

    @Test("A folder that does not exist is an error, not a clean bill")
    func missingFolder() {
        let nowhere = FileManager.default.temporaryDirectory.appending(path: "no-such-package-\(UUID())")
        #expect(throws: (any Error).self) {
            try EscapeHatches.findings(inPattern: "Proxy", packageRoot: nowhere)
        }
    }
}
