import Testing

@testable import KataTool

@Suite("Reading xUnit results")
struct XUnitReportTests {
    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testsuite name="TestResults" errors="0" tests="3" failures="2" skipped="0" time="0.001">
            <testcase classname="ScanKitTests" name="okScanKit()" time="0.0003" />
            <testcase classname="StrategyTests.Step1" name="b(x:)" time="0.0009" >
              <failure message="Expectation failed: (a &#8594; 0) == 42 (error)" />
              <failure message="x &lt; y &amp;&amp; &quot;q&quot; &#x41;" />
            </testcase>
            <testcase classname="StrategyTests.Step2" name="c()" time="0.0001" >
              <skipped />
            </testcase>
          </testsuite>
        </testsuites>
        """

    @Test("Reads every test case with its failures, decoding entities")
    func readsTestCases() {
        let report = XUnitReport(xml: Self.sample)
        #expect(report.isComplete)
        #expect(report.results.count == 3)
        #expect(report.results[0] == TestResult(classname: "ScanKitTests", name: "okScanKit()", failures: []))
        #expect(report.results[0].passed)
        #expect(
            report.results[1].failures == ["Expectation failed: (a → 0) == 42 (error)", "x < y && \"q\" A"])
        #expect(report.results[1].module == "StrategyTests")
        #expect(report.results[1].id == "StrategyTests.Step1/b(x:)")
        #expect(report.results[2].skipped)
        #expect(!report.results[2].passed, "A skipped test did not pass")
    }

    @Test("A file cut off by a crash is incomplete")
    func detectsTruncation() {
        let truncated = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
            """
        #expect(!XUnitReport(xml: truncated).isComplete)
        #expect(XUnitReport(xml: truncated).results.isEmpty)
    }

    @Test("Unknown or broken entities are kept as written")
    func keepsUnknownEntities() {
        #expect(XUnitReport.decodeEntities("a &nbsp; b & c") == "a &nbsp; b & c")
    }

    @Test("Guide file names are the pattern in kebab case")
    func guideNames() {
        #expect(Pattern(name: "ChainOfResponsibility").guideFileName == "chain-of-responsibility.md")
        #expect(Pattern(name: "Strategy").guideFileName == "strategy.md")
        #expect(Pattern(name: "State").testModule == "StateTests")
    }
}
