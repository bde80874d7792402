import Foundation
import KataTestSupport
import MessagingCapstone
import MessagingKit
import Testing

// A move: the chat works through a handle, and the client still gives each chat a socket of
// its own. The tests make chats on handles they play; the safety net says nothing changed.

@Suite("Step 1 — a chat works through a handle (a move)")
struct Step1Handle {
    @Test("A chat made on a handle names its URL and sends through it, in order, what waited first [1.1]")
    func sendsThroughTheHandle() throws {
        let handle = PlayedHandle(url: supportURL)
        let chat = ChatSocket(handle: handle)
        #expect(chat.url == supportURL)
        try chat.send(event("waited"))
        handle.play(.connected, lifecycle: .connected)
        try chat.send(event("a"))
        try chat.send(event("b"))
        #expect(
            handle.sentNames == ["waited", "a", "b"], "Through the handle, in order: \(handle.sentNames)")
    }

    @Test("A send the handle refuses throws the handle's error, unchanged [1.1]")
    func refusalComesBackUnchanged() throws {
        let handle = PlayedHandle()
        let chat = ChatSocket(handle: handle)
        handle.play(.connected, lifecycle: .connected)
        handle.refuse(with: TooLarge(bytes: 9_000_000))
        #expect(throws: TooLarge(bytes: 9_000_000)) { try chat.send(event("photo")) }
    }

    @Test("A chat hears through its handle: each event of a name it subscribed to, once per handler [1.2]")
    func hearsThroughTheHandle() throws {
        let handle = PlayedHandle()
        let chat = ChatSocket(handle: handle)
        let heard = Recorder<String>()
        chat.onEvent(event("typing").name) { heard.record("first \($0.name)") }
        chat.onEvent(event("typing").name) { heard.record("second \($0.name)") }
        chat.onEvent(event("read").name) { heard.record("\($0.name)") }
        handle.play(.connected, lifecycle: .connected)
        handle.deliver(event("typing"))
        handle.deliver(event("joined"))
        handle.deliver(event("read"))
        #expect(
            Set(heard.all) == ["first typing", "second typing", "read"] && heard.all.count == 3,
            "\(heard.all)")
    }

    @Test("Closing a chat closes its handle: the chat hears and sends nothing more [1.2]")
    func closingClosesTheHandle() throws {
        let handle = PlayedHandle()
        let chat = ChatSocket(handle: handle)
        let heard = Recorder<Event>()
        chat.onEvent(event("typing").name, perform: heard.record)
        handle.play(.connected, lifecycle: .connected)
        chat.close()
        #expect(!handle.isOpen, "The chat closed its handle")
        handle.deliver(event("typing"))
        #expect(heard.all.isEmpty)
        #expect(throws: HandleError.closed(chatURL)) { try chat.send(event("late")) }
        #expect(handle.sentNames.isEmpty)
    }
}
