import KataTestSupport
import MessagingKit
import State
import Testing

@Suite("State · Step 1 — The transition table", .tags(.messaging))
struct Step1TransitionTable {
    @Test(
        "Every pair of states: the table's moves are allowed, every other one is not [1.1, 1.2]",
        arguments: everyMove)
    func wholeTable(move: ConnectionStateChange) {
        let allowed = allowedMoves.contains(move)
        #expect(
            ManagedConnection.allows(from: move.from, to: move.to) == allowed,
            allowed
                ? "\(move) is in the table: allowed (rule 1.1)"
                : "\(move) is not in the table: not allowed, not even to the same state (rule 1.2)")
    }

    @Test("A whole life follows the table, and released is the end [1.1, 1.2, 1.3]")
    func wholeLife() throws {
        let hatches = try EscapeHatches.findings(inPattern: "State")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 1)) (rule 1.3)")
        let life: [ConnectionState] = [
            .created, .connected, .disconnected, .reconnecting, .connected, .disconnected, .released,
        ]
        for (from, to) in zip(life, life.dropFirst()) {
            #expect(ManagedConnection.allows(from: from, to: to), "\(from) → \(to) is allowed (rule 1.1)")
        }
        for next in ConnectionState.allCases {
            #expect(
                !ManagedConnection.allows(from: .released, to: next),
                "Released is the end: no move out of it, not even to released (rule 1.2)")
        }
    }
}
