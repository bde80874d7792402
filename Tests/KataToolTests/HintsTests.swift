import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("Reading a kata's hints")
struct HintsTests {
    let markdown = """
        # Strategy: hints

        Try the step first.

        ### Hint 0

        Not a step's hint: it stands before every step.

        ## Step 1: search by name

        ### Hint 1

        Gentle.

        ### Hint 2

        ```swift
        # not a heading
        ## Step 9: not a step
        ### Hint 9
        let x = 1
        ```

        Still hint 2.

        ## Step 2: near an address

        ### Hint 1

        ~~~
        ```
        ## Step 8: in a tilde fence, a backtick line closes nothing
        ~~~
        #### A subheading is text

        ## When you're done

        ### Hint 1

        Not a step's hint either.
        """

    @Test("Steps are the `## Step N:` sections; hints are their `### Hint` sections, gentlest first")
    func readsSteps() throws {
        let hints = Hints(markdown: markdown)
        #expect(hints.steps.map(\.number) == [1, 2])
        let first = try #require(hints.step(1))
        #expect(first.heading == "Step 1: search by name")
        #expect(first.line == 9)
        #expect(
            first.hints == [
                "Gentle.",
                "```swift\n# not a heading\n## Step 9: not a step\n### Hint 9\nlet x = 1\n```\n\nStill hint 2.",
            ])
        #expect(hints.step(3) == nil)
    }

    @Test("A `#` in a code fence is text, whichever fence it is; a deeper heading is text too")
    func fences() throws {
        let second = try #require(Hints(markdown: markdown).step(2))
        #expect(
            second.hints == [
                "~~~\n```\n## Step 8: in a tilde fence, a backtick line closes nothing\n~~~\n#### A subheading is text"
            ])
    }

    @Test("One hint on its own; a step with no hint; an empty hint is kept, empty")
    func oneAndNone() {
        let hints = Hints(
            markdown: "## Step 1: a\n\n### Hint 1\n\nOnly one.\n\n## Step 2: b\n\nNo hint.\n\n"
                + "## Step 3: c\n\n### Hint 1\n\n### Hint 2\n\nSecond.\n")
        #expect(hints.step(1)?.hints == ["Only one."])
        #expect(hints.step(2)?.hints == [], "Text outside a `### Hint` is no hint")
        #expect(hints.step(3)?.hints == ["", "Second."])
    }

    @Test("A missing HINTS.md reads as nil; one that is there is read")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        let workspace = Workspace(root: folder.url)
        let strategy = try #require(Catalog.kata(named: "strategy"))
        #expect(workspace.hints(of: strategy) == nil)
        #expect(Hints.path(of: strategy) == "Katas/Strategy/HINTS.md")
        try folder.write("Katas/Strategy/HINTS.md", "## Step 1: a\n\n### Hint 1\n\nh\n")
        #expect(workspace.hints(of: strategy)?.step(1)?.hints == ["h"])
    }

    @Test("Every kata's HINTS.md has its brief's steps, same headings, each with hints")
    func everyKataHasHints() throws {
        let workspace = Workspace(root: repositoryRoot)
        for kata in Catalog.katas {
            let hints = try #require(workspace.hints(of: kata), "\(kata.pattern.name) has a HINTS.md")
            // A capstone's step 0 is its safety net: it has hints only when the learner writes it.
            let steps = workspace.brief(of: kata).steps.filter {
                $0.number > 0 || kata.capstone?.learnerNet != nil
            }
            #expect(hints.steps.map(\.heading) == steps.map(\.heading), "\(kata.pattern.name)")
            for step in hints.steps {
                #expect(!step.hints.isEmpty, "\(kata.pattern.name) \(step.heading)")
                #expect(!step.hints.contains(""), "\(kata.pattern.name) \(step.heading)")
            }
        }
    }

    @Test("`kata hint --step N` gives the step's hints from HINTS.md, one more each time")
    func hintCommand() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", "let package = Package(name: \"PatternKatas\")\n")
        try folder.write("Katas/Strategy/README.md", "# Strategy\n\n## Step 1: a\n\n## Step 2: b\n")
        let workspace = Workspace(root: folder.url)
        let arguments = ["hint", "strategy", "--step", "1", "--package-path", folder.url.path]
        let said = Said()

        #expect(KataCommand.run(arguments, output: said.output) == .success)
        #expect(
            said.take() == [
                "Katas/Strategy/HINTS.md is missing, so there is no hint to give. Read the step in "
                    + "Katas/Strategy/README.md:3."
            ])
        #expect(workspace.loadState().hintsSeen["Strategy/1"] == nil, "No HINTS.md: no hint seen")

        try folder.write(
            "Katas/Strategy/HINTS.md",
            "# Strategy: hints\n\n## Step 1: a\n\n### Hint 1\n\nOne.\n\n### Hint 2\n\nTwo.\n")
        #expect(KataCommand.run(arguments, output: said.output) == .success)
        #expect(
            said.take() == [
                "Strategy, Step 1: a: hint 1 of 2", "", "One.", "",
                "Ask again for the next hint: swift run kata hint strategy",
            ])
        #expect(workspace.loadState().hintsSeen["Strategy/1"] == 1)
        for _ in 1...2 {
            #expect(KataCommand.run(arguments, output: said.output) == .success)
            #expect(
                said.take() == [
                    "Strategy, Step 1: a: hint 2 of 2", "", "Two.", "",
                    "That was the last hint for this step. Still stuck? `swift run kata solution strategy`.",
                ])
        }
        #expect(workspace.loadState().hintsSeen["Strategy/1"] == 2, "The last hint stays the last")

        #expect(
            KataCommand.run(
                ["hint", "strategy", "--step", "2", "--package-path", folder.url.path], output: said.output)
                == .success)
        #expect(
            said.take() == [
                "Katas/Strategy/HINTS.md has no hint for Step 2: b. Read the step in Katas/Strategy/README.md:5."
            ])
        #expect(workspace.loadState().hintsSeen["Strategy/2"] == nil, "Step 2 has no section in HINTS.md")
        #expect(
            KataCommand.run(
                ["hint", "strategy", "--step", "5", "--package-path", folder.url.path], output: said.output)
                == .usage)
        #expect(said.take() == ["error: Strategy has steps 1 to 4."])
        #expect(
            KataCommand.run(["hint", "stratgey", "--package-path", folder.url.path], output: said.output)
                == .usage)
        #expect(
            said.take() == [
                "error: No kata is called 'stratgey'. Did you mean strategy?\nThe katas: \(KataCommand.kataNames)."
            ])
    }
}
