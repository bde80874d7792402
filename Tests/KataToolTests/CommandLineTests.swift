import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("The kata command line")
struct CommandLineTests {
    let package = ["--package-path", repositoryRoot.path]

    @Test("Options are read; unknown options and missing values are usage errors")
    func options() throws {
        let options = try Options(
            parsing: ["flyweight", "--step", "2", "--time-limit", "0.5", "--scratch-path", "/tmp/b"],
            allowed: [.step, .timeLimit, .scratchPath])
        #expect(options.positional == ["flyweight"])
        #expect(options.step == 2 && options.timeLimit == .milliseconds(500))
        #expect(options.scratchPath?.path == "/tmp/b")
        #expect(throws: Options.UsageError.self) { try Options(parsing: ["--fast"], allowed: [.step]) }
        #expect(throws: Options.UsageError.self) { try Options(parsing: ["--step"], allowed: [.step]) }
        #expect(throws: Options.UsageError.self) {
            try Options(parsing: ["--step", "-1"], allowed: [.step])
        }
        #expect(try Options(parsing: ["--step", "0"], allowed: [.step]).step == 0, "A capstone's step 0")
        #expect(throws: Options.UsageError.self) { try Options(parsing: ["--yes"], allowed: [.step]) }
        #expect(throws: Options.UsageError.self) {
            try Options(parsing: ["--time-limit", "1e30"], allowed: [.timeLimit])
        }
        #expect(try Options(parsing: ["--time-limit=3"], allowed: [.timeLimit]).timeLimit == .seconds(3))
    }

    @Test("Every command has --help, and it exits 0", arguments: KataCommand.commands.map(\.name))
    func help(command: String) {
        #expect(KataCommand.run([command, "--help"] + package) == .success)
    }

    @Test(
        "An unknown kata or command exits 2 before running anything",
        arguments: [
            ["test", "flyweigth"], ["hint", "nope"], ["reset", "singelton", "--yes"], ["tset"], ["flyweight"],
        ])
    func unknownNames(arguments: [String]) {
        #expect(KataCommand.run(arguments + package) == .usage)
    }

    @Test("Help: `kata --help` and `kata help` list the commands; an unknown topic is an error")
    func topLevelHelp() {
        #expect(KataCommand.run(["--help"]) == .success)
        #expect(KataCommand.run(["help"]) == .success)
        #expect(KataCommand.run(["help", "watch"]) == .success)
        #expect(KataCommand.run(["help", "nonsense"]) == .usage)
        let test = KataCommand.command(named: "test")
        #expect(test.map(KataCommand.help(for:))?.contains("--step") == false, "test takes no --step")
    }

    @Test("One help text per command: --step says what it does for hint, and for reset")
    func optionHelpPerCommand() throws {
        let hint = try #require(KataCommand.command(named: "hint").map(KataCommand.help(for:)))
        let reset = try #require(KataCommand.command(named: "reset").map(KataCommand.help(for:)))
        #expect(hint.contains("--step <N>              The step whose hints to show"))
        #expect(reset.contains("--step <N>              Put back only the files that hold this step's TODOs"))
        #expect(!hint.contains("reset") && !reset.contains("hints"))
        #expect(reset.contains("  --yes, -y               Don't ask first."))
        #expect(reset.contains("  --help, -h              Show this help."))
        #expect(!reset.contains("the kata you are on"), "reset always wants a name")
        #expect(hint.contains("Left out, <kata> is the kata you are on"))
    }

    @Test("Outside the repository, every command says so and exits 2")
    func outsideRepository() throws {
        let folder = try TemporaryFolder()
        #expect(KataCommand.run(["test", "strategy", "--package-path", folder.url.path]) == .usage)
        #expect(Workspace.find(from: folder.url) == nil)
    }

    @Test("The repository is found from any folder inside it")
    func findsRepository() {
        let inside = repositoryRoot.appending(path: "Katas/Strategy")
        #expect(
            Workspace.find(from: inside)?.root.standardizedFileURL.path
                == repositoryRoot.standardizedFileURL.path)
    }
}
