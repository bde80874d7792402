import MessagingKit
import Testing

@Suite("A chat backend's histories", .tags(.messaging))
struct MessageHistoryTests {
    let chat: ServerURL
    let other: ServerURL

    init() throws {
        chat = try ServerURL("wss://chat.example.com/socket")
        other = try ServerURL("wss://other.example.com/socket")
    }

    @Test("The archive keeps each server's rooms apart, oldest first")
    func archiveKeepsServersAndRoomsApart() {
        let archive = MessageArchive()
        let first = Message(room: "general", text: "first")
        let second = Message(room: "general", text: "second")
        archive.post(first, on: chat)
        archive.post(Message(room: "random", text: "elsewhere"), on: chat)
        archive.post(Message(room: "general", text: "another server"), on: other)
        archive.post(second, on: chat)
        #expect(archive.messages(in: "general", on: chat) == [first, second])
        #expect(archive.messages(in: "nobody", on: chat).isEmpty)
    }

    @Test("A server history reads its server's rooms from the archive, as they are now")
    func serverHistoryReadsTheArchive() {
        let archive = MessageArchive()
        let history = ServerHistory(server: chat, archive: archive)
        #expect(history.messages(in: "general").isEmpty)
        let hello = Message(room: "general", text: "hello")
        archive.post(hello, on: chat)
        archive.post(Message(room: "general", text: "not this server"), on: other)
        #expect(history.messages(in: "general") == [hello])
    }

    @Test("A sample history shows its sample's messages in the room, in order")
    func sampleHistoryFiltersByRoom() {
        let hello = Message(room: "general", text: "hello")
        let lunch = Message(room: "random", text: "lunch?")
        let bye = Message(room: "general", text: "bye")
        let history = SampleHistory([hello, lunch, bye])
        #expect(history.messages(in: "general") == [hello, bye])
        #expect(history.sample == [hello, lunch, bye])
    }
}
