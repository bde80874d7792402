import KataTestSupport
import Testing

@Suite struct NetGradeTests {
    let changes = ["shares history", "forgets routes", "sorts codes"]

    @Test func aNetCatchesWhatSomeTestFailsOnWhilePassingOnTheCorrectPrograms() {
        let grade = NetGrade(
            changes: changes,
            results: [
                NetTestResult(failedOnPlanted: ["shares history"]),
                NetTestResult(failedOnPlanted: ["shares history", "sorts codes"]),
            ])

        #expect(grade.caught == ["shares history", "sorts codes"])
        #expect(grade.missed == ["forgets routes"])
        #expect(!grade.catchesEverything)
        #expect(
            grade.summary == "Your net catches 2 of 3 planted changes.\nIt misses:\n- 2. forgets routes")
    }

    @Test func aTestThatFailsOnACorrectProgramCatchesNothing() {
        let grade = NetGrade(
            changes: changes,
            results: [NetTestResult(failedOnCorrect: ["the legacy screen"], failedOnPlanted: Set(changes))])

        #expect(grade.caught.isEmpty)
        #expect(grade.missed == changes)
    }

    @Test func everyChangeCaughtIsDone() {
        let grade = NetGrade(changes: changes, results: [NetTestResult(failedOnPlanted: Set(changes))])

        #expect(grade.catchesEverything)
        #expect(grade.summary == "Your net catches 3 of 3 planted changes.")
    }

    @Test func aNetWithNoTestsIsNotDone() {
        let grade = NetGrade(changes: changes, results: [])

        #expect(!grade.catchesEverything)
        #expect(grade.summary == "Your net has no tests yet, so it catches none of the 3 planted changes.")
    }
}
