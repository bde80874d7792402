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

    @Test("Every brief in the repository has at least one hint for every step")
    func everyStepHasHints() {
        let workspace = Workspace(root: repositoryRoot)
        for kata in Catalog.katas {
            let brief = workspace.brief(of: kata)
            #expect(brief.steps.count == kata.stepCount, "\(kata.pattern.name)")
            for step in brief.steps {
                #expect(!step.hints.isEmpty, "\(kata.pattern.name) \(step.heading)")
            }
        }
    }
}
