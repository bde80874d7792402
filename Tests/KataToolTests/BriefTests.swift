import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("Reading a brief's steps")
struct BriefTests {
    let markdown = """
        # Kata

        ## The story

        ## Step 1: search by name

        ```sh
        swift test --filter StrategyTests.Step1
        ```

        Stuck? `swift run kata hint strategy` gives this step's hints one at a time.

        ## Step 2: near an address
        Text.

        ## When you're done
        """

    @Test("Steps are the `## Step N:` sections, with their headings and lines")
    func readsSteps() throws {
        let brief = Brief(markdown: markdown)
        #expect(brief.steps.map(\.number) == [1, 2])
        let first = try #require(brief.step(1))
        #expect(first.heading == "Step 1: search by name")
        #expect(first.line == 5)
        #expect(brief.step(2)?.line == 13)
        #expect(brief.step(3) == nil)
    }

    @Test("A capstone's step 0 is a step; a heading that only starts like one is not")
    func stepZero() {
        let brief = Brief(markdown: "## Step 0: the safety net\n\n## Steps to come\n\n## Step 1: a\n")
        #expect(brief.steps.map(\.number) == [0, 1])
    }

    @Test("Every brief in the repository has a section for every step, and no hint left in it")
    func everyBriefHasItsSteps() {
        let workspace = Workspace(root: repositoryRoot)
        for kata in Catalog.katas {
            let brief = workspace.brief(of: kata)
            let first = kata.isCapstone ? 0 : 1
            #expect(brief.steps.map(\.number) == Array(first...kata.stepCount), "\(kata.pattern.name)")
            let text = workspace.read("Katas/\(kata.pattern.name)/README.md")
            #expect(
                !text.contains("<summary>Hint"),
                "\(kata.pattern.name)'s brief shows a hint: hints live in its HINTS.md")
        }
    }
}
