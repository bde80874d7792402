import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("The solution: one file or all, through a pager on a terminal")
struct ShowingTheSolutionTests {
    func context(_ folder: TemporaryFolder) -> KataCommand.Context {
        KataCommand.Context(workspace: Workspace(root: folder.url), terminal: .plain, options: Options())
    }

    @Test("All files, or only the one asked for; and how to run its tests")
    func oneFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("Katas/Strategy/Lexical.swift", "a\nb\n")
        try folder.write("Katas/Strategy/Near.swift", "x\n")
        try folder.write("Solutions/Strategy/Lexical.swift", "a\nB\n")
        try folder.write("Solutions/Strategy/Near.swift", "x\ny\n")
        let strategy = try #require(Catalog.kata(named: "strategy"))
        let all = SolutionCommand.text(of: strategy, only: nil, context: context(folder))
        #expect(all.contains("+B") && all.contains("+y"))
        #expect(all.contains("swift run kata solution strategy --test"))
        let one = SolutionCommand.text(of: strategy, only: "Near.swift", context: context(folder))
        #expect(one.contains("+y") && !one.contains("+B"))
        let workspace = Workspace(root: folder.url)
        #expect(
            SolutionCommand.solutionFile(named: "near", in: strategy, workspace: workspace) == "Near.swift")
        #expect(
            SolutionCommand.solutionFile(named: "LEXICAL.swift", in: strategy, workspace: workspace)
                == "Lexical.swift")
        #expect(SolutionCommand.solutionFile(named: "Far", in: strategy, workspace: workspace) == nil)
    }

    @Test("A capstone's solution may have new files, shown whole; a legacy file it retired is said so")
    func capstoneNewFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("Katas/ScanCapstone/ScanScreen.swift", "legacy\n")
        try folder.write("Katas/ScanCapstone/Legacy.swift", "old\n")
        try folder.write("Solutions/ScanCapstone/ScanScreen.swift", "refactored\n")
        try folder.write("Solutions/ScanCapstone/StartUp.swift", "extracted\n")
        let capstone = try #require(Catalog.kata(named: "scan-capstone"))
        let text = SolutionCommand.text(of: capstone, only: nil, context: context(folder))
        #expect(text.contains("-legacy") && text.contains("+refactored"))
        #expect(
            text.contains(
                "Solutions/ScanCapstone/StartUp.swift: new in the solution, a file the refactoring extracted:"
            ))
        #expect(text.contains("+extracted"))
        #expect(
            text.contains(
                "Katas/ScanCapstone/Legacy.swift: yours only, the solution has no such file (its refactoring "
                    + "retired it)."))
        let one = SolutionCommand.text(of: capstone, only: "StartUp.swift", context: context(folder))
        #expect(one.contains("+extracted") && !one.contains("+refactored"))
    }

    @Test("The pager: $PAGER, else less; none with PAGER=cat or a pager that isn't installed")
    func pager() {
        let path = "/usr/bin:/bin"
        let hasLess =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/less")
            || FileManager.default.isExecutableFile(atPath: "/bin/less")
        #expect(Pager.command(environment: ["PATH": path]) == (hasLess ? ["less"] : nil))
        #expect(Pager.command(environment: ["PATH": path, "PAGER": "cat"]) == nil)
        #expect(Pager.command(environment: ["PATH": path, "PAGER": "no-such-pager -x"]) == nil)
        #expect(Pager.command(environment: ["PATH": path, "PAGER": "/opt/p -R"]) == ["/opt/p", "-R"])
    }
}
