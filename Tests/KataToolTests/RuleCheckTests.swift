import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("Numbered rules and the tests that cite them")
struct RuleCheckTests {
    let brief = """
        # Proxy

        ## Step 1 — The locator

        - **1.1** A capability resolves to what was registered for its protocol.
        - **1.2** Nothing registered resolves to nil.

        ## Step 2 — The holding transport

        **Rules**
        * **2.1** A send leaves the hold only once it has gone out.
        - Not a rule: **2.9** in the middle of a line.
        """

    let tests = """
        @Suite("Proxy · Step 1 — The locator")
        struct Step1 {
            @Test("Resolves what was registered [1.1]")
            func a() {}

            @Test(
                "Nothing registered, nothing resolved [1.2, 1.1]",
                arguments: [1, 2])
            func b(n: Int) {}
        }
        @Test("Holds while offline [2.1]") func c() {}
        """

    func problems(brief: String? = nil, tests: String? = nil, steps: Int = 2) -> [String] {
        let text = brief ?? self.brief
        return RuleCheck.problems(
            rules: RuleCheck.rules(inBrief: text), briefPath: "Katas/Proxy/README.md",
            briefSteps: Brief(markdown: text), stepCount: steps,
            tests: RuleCheck.citingTests(in: tests ?? self.tests, file: "Tests/ProxyTests/T.swift"))
    }

    @Test("Rules are the bold numbers that start a list item, with their step and line")
    func readsRules() {
        #expect(
            RuleCheck.rules(inBrief: brief) == [
                .init(number: "1.1", step: 1, line: 5), .init(number: "1.2", step: 1, line: 6),
                .init(number: "2.1", step: 2, line: 11),
            ])
    }

    @Test("A test's citations are the bracketed numbers that end its display name, on one line or several")
    func readsCitations() {
        let found = RuleCheck.citingTests(in: tests, file: "T.swift")
        #expect(found.map(\.cited) == [["1.1"], ["1.2", "1.1"], ["2.1"]])
        #expect(found.map(\.line) == [3, 6, 11])
    }

    @Test("A suite's escape-hatch trait cites its rule; one with no rule cites nothing")
    func traitCites() {
        let source = """
            @Suite(
                "Proxy · Step 1 — The locator", .tags(.scan),
                .noEscapeHatches("Proxy", rule: "1.2"))
            struct Step1 {}
            @Suite("Proxy · Step 2 — …", .noEscapeHatches("Proxy"))
            struct Step2 {}
            """
        let found = RuleCheck.citingTests(in: source, file: "T.swift")
        #expect(found.map(\.cited) == [["1.2"]])
        #expect(found.map(\.line) == [3])
    }

    @Test("Every rule tested and every citation known is no problem")
    func clean() {
        #expect(problems().isEmpty)
    }

    @Test("Deleting a test's citation is a problem twice: the test cites nothing, and its rule has no test")
    func deletedCitation() {
        let withoutCitation = tests.replacingOccurrences(
            of: "Holds while offline [2.1]", with: "Holds while offline")
        #expect(
            problems(tests: withoutCitation) == [
                "Tests/ProxyTests/T.swift:11: the test \"Holds while offline\" cites no rule. End its display "
                    + "name with the rules it checks, such as [2.1, 2.3].",
                "Katas/Proxy/README.md:11: rule 2.1 has no test. Write one that cites [2.1], or take the rule "
                    + "out of the brief.",
            ])
    }

    @Test("A citation of a rule the brief doesn't state is named")
    func unknownRule() {
        let cited = tests.replacingOccurrences(of: "[2.1]", with: "[2.1, 3.4]")
        #expect(
            problems(tests: cited) == [
                "Tests/ProxyTests/T.swift:11: the test \"Holds while offline [2.1, 3.4]\" cites rule 3.4, which "
                    + "Katas/Proxy/README.md doesn't state."
            ])
    }

    @Test("A step without rules, a rule in another step's section, and a number used twice are named")
    func briefShape() {
        let bad = brief.replacingOccurrences(of: "- **1.2** Nothing", with: "- **2.1** Nothing")
        let found = problems(brief: bad, steps: 3)
        #expect(
            found.contains(
                "Katas/Proxy/README.md: step 3 states no numbered rules. List them in its section, one per line: `- **3.1** …`."
            ))
        #expect(found.contains("Katas/Proxy/README.md:11: rule 2.1 is numbered twice."))
        #expect(
            found.contains(
                "Katas/Proxy/README.md:6: rule 2.1 stands in step 1's section; a rule's number starts with its step's."
            ))
    }
}
