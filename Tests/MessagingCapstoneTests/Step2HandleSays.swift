import Foundation
import MessagingCapstone
import MessagingKit
import Testing

// A move: what a chat shows and returns is its handle's. Over the unshared pool's plain
// connections, which have no lifecycle, the legacy state string still answers.

@Suite("Step 2 — a chat shows its handle's lifecycle and returns its tickets (a move)")
struct Step2HandleSays {
    /// Each lifecycle state, with a status a connection in it reports.
    static let lifecycles: [(ConnectionState, TransportStatus)] = [
        (.created, .idle), (.connected, .connected), (.disconnected, .disconnected),
        (.reconnecting, .connecting), (.released, .disconnected),
    ]

    @Test(
        "A chat's state is its handle's lifecycle, whichever it is, and released once its handle is closed [2.1]",
        arguments: lifecycles)
    func stateIsTheLifecycle(_ lifecycle: ConnectionState, _ status: TransportStatus) {
        let handle = PlayedHandle()
        let chat = ChatSocket(handle: handle)
        handle.play(.connected, lifecycle: .connected)
        #expect(chat.state == .connected)
        handle.play(status, lifecycle: lifecycle)
        #expect(chat.state == lifecycle, "The handle's lifecycle is \(lifecycle)")
        chat.close()
        #expect(chat.state == .released, "Closed: released, whatever the connection does")
        handle.play(.connected, lifecycle: .connected)
        #expect(chat.state == .released)
        let closedAround = PlayedHandle()
        let other = ChatSocket(handle: closedAround)
        closedAround.play(.connected, lifecycle: lifecycle)
        closedAround.close()
        #expect(other.state == .released, "Its handle closed, by whoever: the chat can use it no more")
    }

    @Test("A send that goes out returns its handle's ticket, the very one, however it ends [2.2]")
    func ticketIsTheHandles() throws {
        let handle = PlayedHandle()
        let chat = ChatSocket(handle: handle)
        handle.play(.connected, lifecycle: .connected)
        let waiting = CommandTicket(number: 7)
        handle.answer(with: waiting)
        let ticket = try chat.send(event("hello"))
        #expect(ticket === waiting, "\(ticket), not the handle's \(waiting)")
        _ = waiting.settle(.refused(reason: "the server said no"))
        #expect(ticket.outcome == waiting.outcome)
    }
}
