import MessagingKit
import State
import Testing

@Suite("State · Step 1 — The transition table", .tags(.messaging))
struct Step1TransitionTable {
    @Test("Every pair of states: the table's moves are allowed, every other one is not", arguments: everyMove)
    func wholeTable(move: ConnectionStateChange) {
        let allowed = allowedMoves.contains(move)
        #expect(
            ManagedConnection.allows(from: move.from, to: move.to) == allowed,
            allowed
                ? "\(move) is in the table: allowed (step 1)"
                : "\(move) is not in the table: not allowed, not even to the same state (step 1)")
    }

    @Test("A whole life follows the table, and released is the end")
    func wholeLife() {
        let life: [ConnectionState] = [
            .created, .connected, .disconnected, .reconnecting, .connected, .disconnected, .released,
        ]
        for (from, to) in zip(life, life.dropFirst()) {
            #expect(ManagedConnection.allows(from: from, to: to), "\(from) → \(to) is allowed (step 1)")
        }
        for next in ConnectionState.allCases {
            #expect(
                !ManagedConnection.allows(from: .released, to: next),
                "Released is the end: no move out of it, not even to released (step 1)")
        }
    }
}
