import MessagingKit
import State
import Testing

@Suite("State · Step 1 — The transition table", .tags(.messaging))
struct Step1TransitionTable {
    @Test("Every pair of states: the table's moves succeed, every other one is refused", arguments: everyMove)
    func wholeTable(move: ConnectionStateChange) throws {
        let connection = try Harness.entered(move.from).connection
        if allowedMoves.contains(move) {
            try connection.enter(move.to)
            #expect(connection.state == move.to, "\(move) is in the table: the connection moves (step 1)")
        } else {
            #expect(
                throws: LifecycleError.transitionRefused(from: move.from, to: move.to),
                "\(move) is not in the table: refused with an error naming both states (step 1)"
            ) {
                try connection.enter(move.to)
            }
            #expect(connection.state == move.from, "A refused move leaves the state as it was (step 1)")
        }
    }

    @Test("A connection starts created and lives a whole life through the table")
    func wholeLife() throws {
        let connection = try Harness().connection
        #expect(connection.state == .created, "A new connection is created (step 1)")
        let life: [ConnectionState] = [
            .connected, .disconnected, .reconnecting, .connected, .disconnected, .released,
        ]
        for next in life {
            try connection.enter(next)
            #expect(connection.state == next, "The connection moves to \(next) (step 1)")
        }
        for next in ConnectionState.allCases {
            #expect(
                throws: LifecycleError.transitionRefused(from: .released, to: next),
                "Released is the end: no move out of it, not even to released (step 1)"
            ) {
                try connection.enter(next)
            }
        }
    }
}
