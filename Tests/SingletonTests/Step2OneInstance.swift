import KataTestSupport
import Singleton
import Testing

// Tests that touch `ConnectionManager.shared` only compare identities (here, and in steps 4 and 5):
// nothing they do can leak into another test.
@Suite(
    "Singleton · Step 2 — One manager for the app's lifetime", .tags(.messaging),
    .noEscapeHatches("Singleton", rule: "1.10"))
struct Step2OneInstance {
    @Test("Every access to shared returns the same manager [2.1]")
    func sharedIsOneInstance() throws {
        #expect(
            ConnectionManager.shared === ConnectionManager.shared,
            "shared is one instance, not a new manager on every access"
        )
    }

    @Test("1,000 tasks reading shared at once all see one manager [2.2]")
    func sharedFromManyTasks() async throws {
        // The managers themselves are collected, not their ObjectIdentifiers: an identifier
        // outlives its object, and the address of a manager that was freed is soon reused by
        // the next one, so freshly made managers could all show the same identifier.
        let seen = await withTaskGroup(of: ConnectionManager.self) { group in
            for _ in 0..<1_000 {
                group.addTask { ConnectionManager.shared }
            }
            return await group.reduce(into: [ConnectionManager]()) { $0.append($1) }
        }
        let first = try #require(seen.first, "Every task reads shared")
        #expect(
            seen.allSatisfy { $0 === first },
            "However many tasks race to read it first, there is one manager"
        )
    }

    @Test(
        "shared is a static let, safe because the type is, not because a check was switched off [2.3, 2.4]"
    )
    func madeSafeNotSilenced() throws {
        try #require(
            ConnectionManager.shared === ConnectionManager.shared,
            "shared is one instance before anything else")
        for place in try LearnerSource.storedStaticVars() {
            Issue.record(
                """
                \(place) declares a stored static var: any thread may reassign it, a data race Swift 6 \
                refuses to compile unless a check is switched off. Make it `public static let shared` \
                on a final, `Sendable` class with only `let` properties of `Sendable` types.
                """
            )
        }
        #expect(
            try LearnerSource.sharedStaticLets().count == 1,
            """
            shared is declared once, as a stored `static let shared`, which Swift initialises lazily \
            and exactly once however many threads read it first; a computed `shared` over a lock or a \
            flag of your own can let two first readers each make a manager, a race no test can force
            """)
    }
}
