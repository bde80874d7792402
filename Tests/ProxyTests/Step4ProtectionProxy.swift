import KataTestSupport
import MessagingKit
import Proxy
import Testing

@Suite("Proxy · Step 4 — The protection proxy", .tags(.messaging))
struct Step4ProtectionProxy {
    @Test("A user who may not post is refused with SendForbidden, and nothing reaches the real transport")
    func guestIsRefused() throws {
        let hatches = try EscapeHatches.findings(inPattern: "Proxy")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 4))")
        let real = try offlineTransport()
        let proxy = ProtectionProxy(wrapping: real, user: guest)
        proxy.connect()
        try real.accept()
        #expect(
            throws: SendForbidden(event: try EventName("message"), user: "guest"),
            "A guest's send is refused, naming the event and the user (step 4)"
        ) {
            try proxy.send(try Event("message"))
        }
        #expect(real.sentEvents.isEmpty, "The refused event never reached the real transport (step 4)")
        #expect(proxy.status == .connected, "Everything but send goes through untouched (step 4)")
    }

    @Test("A guest is refused whatever the connection's status, before the real transport is asked")
    func guestRefusedOffline() throws {
        let real = try offlineTransport()
        let proxy = ProtectionProxy(wrapping: real, user: guest)
        #expect(
            throws: SendForbidden(event: try EventName("typing"), user: "guest"),
            "Offline, the refusal still comes first, not notConnected (step 4)"
        ) {
            try proxy.send(try Event("typing"))
        }
    }

    @Test("A user who may post goes through untouched, the real transport's errors included")
    func memberPasses() throws {
        let real = try offlineTransport()
        let proxy = ProtectionProxy(wrapping: real, user: member)
        #expect(
            throws: TransportError.notConnected(.idle),
            "The real transport's own error comes through unchanged (step 4)"
        ) {
            try proxy.send(try Event("message"))
        }
        proxy.connect()
        try real.accept()
        try proxy.send(try Event("message"))
        #expect(sentNames(real) == ["message"], "A member's send reaches the real transport (step 4)")
    }

    @Test("A caller that expects any transport gets the proxy: a SocketConnection over it, events included")
    func substitutable() throws {
        let real = try offlineTransport()
        let connection: any Connection = SocketConnection(
            transport: ProtectionProxy(wrapping: real, user: member))
        let heard = Recorder<String>()
        connection.onEvent { heard.record($0.name.rawValue) }
        try connection.connect()
        #expect(real.status == .connecting, "connect() reaches the real transport (step 4)")
        try real.accept()
        try connection.send(try Event("hello"))
        try real.deliver(try Event("welcome"))
        #expect(sentNames(real) == ["hello"], "The connection's send goes through the proxy (step 4)")
        #expect(heard.all == ["welcome"], "Events from the server reach the proxy's subscribers (step 4)")
    }
}
