import Testing

@testable import KataTool

@Suite("Reading a brief's steps and hints")
struct BriefTests {
    let markdown = """
        # Kata

        ## The story
        <details><summary>Hint 1</summary>
        not a step's hint
        </details>

        ## Step 1: search by name

        ```sh
        swift test --filter StrategyTests.Step1
        ```

        <details><summary>Hint 1</summary>

        Gentle.
        </details>

        <details><summary>Hint 2 — explicit</summary>

        ```swift
        let x = 1
        ```
        </details>

        ## Step 2: near an address
        Text.

        ## When you're done
        """

    @Test("Steps are the `## Step N:` sections; hints are their details blocks, gentlest first")
    func readsSteps() throws {
        let brief = Brief(markdown: markdown)
        #expect(brief.steps.map(\.number) == [1, 2])
        let first = try #require(brief.step(1))
        #expect(first.heading == "Step 1: search by name")
        #expect(first.line == 8)
        #expect(first.hints == ["Gentle.", "```swift\nlet x = 1\n```"])
        #expect(brief.step(2)?.hints == [])
        #expect(brief.step(3) == nil)
    }

    @Test("A hint may stand on one line; the next step's heading is still a step")
    func oneLineHint() {
        let brief = Brief(
            markdown: "## Step 1: a\n\n<details><summary>Hint 1</summary>Short.</details>\n\n## Step 2: b\n")
        #expect(brief.steps.map(\.number) == [1, 2])
        #expect(brief.step(1)?.hints == ["Short."])
    }

    @Test("Every brief in the repository has at least one hint for every step")
    func everyStepHasHints() {
        let workspace = Workspace(root: repositoryRoot)
        for kata in Catalog.katas {
            let brief = workspace.brief(of: kata)
            // A capstone's step 0 is its safety net: it asks for no code, so it has no hint.
            let first = kata.isCapstone ? 0 : 1
            #expect(brief.steps.map(\.number) == Array(first...kata.stepCount), "\(kata.pattern.name)")
            for step in brief.steps where step.number > 0 {
                #expect(!step.hints.isEmpty, "\(kata.pattern.name) \(step.heading)")
            }
        }
    }
}
