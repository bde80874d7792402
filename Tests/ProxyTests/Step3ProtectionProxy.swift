import MessagingKit
import Proxy
import Testing

@Suite("Proxy · Step 3 — The protection proxy", .tags(.messaging))
struct Step3ProtectionProxy {
    @Test("A user who may not post is refused with a typed error, and nothing reaches the real transport")
    func guestIsRefused() throws {
        let real = try offlineTransport()
        let proxy = ProtectionProxy(wrapping: real, user: guest)
        proxy.connect()
        try real.accept()
        #expect(
            throws: SendForbidden(event: try EventName("message"), user: "guest"),
            "A guest's send is refused, naming the event and the user (step 3)"
        ) {
            try proxy.send(try Event("message"))
        }
        #expect(real.sentEvents.isEmpty, "The refused event never reached the real transport (step 3)")
        #expect(proxy.status == .connected, "Everything but send goes through untouched (step 3)")
    }

    @Test("A user who may post goes through untouched")
    func memberPasses() throws {
        let real = try offlineTransport()
        let proxy = ProtectionProxy(wrapping: real, user: member)
        #expect(
            throws: TransportError.notConnected(.idle),
            "The real transport's own error comes through (step 3)"
        ) {
            try proxy.send(try Event("message"))
        }
        proxy.connect()
        try real.accept()
        try proxy.send(try Event("message"))
        #expect(sentNames(real) == ["message"], "A member's send reaches the real transport (step 3)")
    }

    @Test("Protection in front of the offline proxy refuses a guest at once, even offline")
    func protectionOutside() throws {
        let real = try offlineTransport()
        let offline = OfflineTransportProxy(wrapping: real)
        let proxy = ProtectionProxy(wrapping: offline, user: guest)
        #expect(
            throws: SendForbidden(event: try EventName("message"), user: "guest"),
            "The guest is refused at once, before anything is held (step 3)"
        ) {
            try proxy.send(try Event("message"))
        }
        #expect(offline.heldCount == 0, "Nothing was held for later (step 3)")
    }

    @Test("Offline proxy in front of protection holds a guest's send, then reports it undeliverable")
    func offlineOutside() throws {
        let real = try offlineTransport()
        let proxy = OfflineTransportProxy(wrapping: ProtectionProxy(wrapping: real, user: guest))
        try proxy.send(try Event("message"))
        #expect(proxy.heldCount == 1, "Offline, the send is held: the offline proxy can't know yet (step 3)")
        proxy.connect()
        try real.accept()
        #expect(
            real.sentEvents.isEmpty, "On connect, protection refuses it: nothing reaches the server (step 3)")
        #expect(
            proxy.undeliverable.map { $0 as? SendForbidden } == [
                SendForbidden(event: try EventName("message"), user: "guest")
            ],
            "The refusal is reported, not lost and not retried forever (step 3)")
        #expect(proxy.heldCount == 0, "It no longer waits (step 3)")
    }
}
