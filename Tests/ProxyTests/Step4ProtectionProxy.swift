import KataTestSupport
import MessagingKit
import Proxy
import Testing

@Suite("Proxy · Step 4 — The protection proxy", .tags(.messaging), .noEscapeHatches("Proxy", rule: "4.6"))
struct Step4ProtectionProxy {
    @Test(
        "A user who may not post is refused with SendForbidden naming them, and nothing reaches the real transport [4.1, 4.4]",
        arguments: ["guest", "bob", "Guest", "GUEST", " guest ", "\tguest\n", "guests", "gue st"]
    )
    func guestIsRefused(name: String) throws {
        let real = try offlineTransport()
        let proxy = ProtectionProxy(wrapping: real, user: ChatUser(name: name, mayPost: false))
        proxy.connect()
        try real.accept()
        #expect(
            throws: SendForbidden(event: try EventName("message"), user: name),
            "A reader's send is refused, naming the event and the user by their own name, \"\(name)\""
        ) {
            try proxy.send(try Event("message"))
        }
        #expect(real.sentEvents.isEmpty, "The refused event never reached the real transport")
        #expect(proxy.status == .connected, "Everything but send goes through untouched")
    }

    @Test("A guest is refused whatever the connection's status, before the real transport is asked [4.2]")
    func guestRefusedOffline() throws {
        let real = CountingTransport(try offlineTransport())
        let proxy = ProtectionProxy(wrapping: real, user: guest)
        #expect(
            throws: SendForbidden(event: try EventName("typing"), user: "guest"),
            "Offline, the refusal still comes first, not notConnected"
        ) {
            try proxy.send(try Event("typing"))
        }
        #expect(real.calls == 0, "The real transport was never asked: the check comes first")
    }

    @Test(
        "A user who may post goes through untouched, the real transport's errors included, whatever they are, each send once [4.3]",
        arguments: [
            TransportError.notConnected(.idle), TransportError.notConnected(.connecting),
            TransportError.notConnected(.disconnected),
            TransportError.notAllowed(action: "send", status: .connected),
            SendForbidden(event: try EventName("message"), user: "guest"),  // from a proxy inside this one
            Refused(event: "message"),
        ] as [any Error])
    func memberPasses(refusal: any Error) throws {
        let offline = try offlineTransport()
        let bare = ProtectionProxy(wrapping: offline, user: member)
        #expect(
            throws: TransportError.notConnected(.idle),
            "Offline, the real transport's own error comes through unchanged"
        ) {
            try bare.send(try Event("message"))
        }

        let inner = try offlineTransport()
        let real = CountingTransport(inner) { event in event.name.rawValue == "message" ? refusal : nil }
        let proxy = ProtectionProxy(wrapping: real, user: member)
        proxy.connect()
        try inner.accept()
        let thrown = #expect(
            throws: (any Error).self, "The real transport's refusal reaches the caller"
        ) {
            try proxy.send(try Event("message"))
        }
        #expect(
            thrown.map { isSame($0, as: refusal) } == true,
            "The real transport's own error comes through unchanged, its type and value: \(refusal), not \(thrown.map { "\($0)" } ?? "nothing")"
        )
        #expect(real.calls == 1, "The refused send reached the real transport once: no retry")
        try proxy.send(try Event("typing"))
        #expect(sentNames(inner) == ["typing"], "A member's send reaches the real transport")
        #expect(real.calls == 2, "…once per send")
    }

    @Test(
        "A user who may post goes through whatever their name, guest included [4.3]",
        arguments: ["guest", "Guest", "GUEST", " guest ", "guest\n"])
    func memberNamedGuestPasses(name: String) throws {
        let inner = try offlineTransport()
        let real = CountingTransport(inner)
        let proxy = ProtectionProxy(wrapping: real, user: ChatUser(name: name, mayPost: true))
        proxy.connect()
        try inner.accept()
        #expect(
            throws: Never.self,
            "\(name.debugDescription) may post: the permission decides, never the name"
        ) {
            try proxy.send(try Event("message"))
        }
        #expect(sentNames(inner) == ["message"], "…and the send reaches the real transport")
        #expect(real.calls == 1, "…once")
    }

    @Test(
        "A caller that expects any transport gets the proxy: a SocketConnection over it, events included [4.4, 4.5]"
    )
    func substitutable() throws {
        let real = try offlineTransport()
        let connection: any Connection = SocketConnection(
            transport: ProtectionProxy(wrapping: real, user: member))
        let heard = Recorder<String>()
        connection.onEvent { heard.record($0.name.rawValue) }
        try connection.connect()
        #expect(real.status == .connecting, "connect() reaches the real transport")
        try real.accept()
        try connection.send(try Event("hello"))
        try real.deliver(try Event("welcome"))
        #expect(sentNames(real) == ["hello"], "The connection's send goes through the proxy")
        #expect(heard.all == ["welcome"], "Events from the server reach the proxy's subscribers")
    }

    @Test(
        "Feature code that knows only Transport sees a member's proxy as the bare transport, a guest's as one that refuses [4.1, 4.3, 4.4]"
    )
    func featureCodeSeesTheBareTransport() throws {
        let refuseSecret: @Sendable (Event) -> (any Error)? = { event in
            event.name.rawValue == "secret" ? Refused(event: "secret") : nil
        }
        let bareServer = try offlineTransport()
        let bare = CountingTransport(bareServer, refusal: refuseSecret)
        let without = chatSession(over: bare, server: bareServer)

        let memberServer = try offlineTransport()
        let forMember = CountingTransport(memberServer, refusal: refuseSecret)
        let asMember = chatSession(
            over: ProtectionProxy(wrapping: forMember, user: member), server: memberServer)
        #expect(
            asMember == without,
            "A member's proxy: same statuses, same sends, same errors (the tests' own included), same callbacks"
        )
        #expect(
            forMember.calls == bare.calls,
            "Each of a member's sends reaches the real transport once")

        let guestServer = try offlineTransport()
        let forGuest = CountingTransport(guestServer, refusal: refuseSecret)
        let asGuest = chatSession(over: ProtectionProxy(wrapping: forGuest, user: guest), server: guestServer)
        let posts = ["offline", "connecting", "online", "secret", "dropped", "back", "closed"]
        let refusedAll = try without.compactMap { line -> String? in
            if line.hasPrefix("server got") { return nil }
            guard let post = posts.first(where: { line.hasPrefix("\($0): ") }) else { return line }
            let forbidden = SendForbidden(event: try EventName(post), user: "guest")
            return "\(post): \(type(of: forbidden)) \(forbidden)"
        }
        #expect(
            asGuest == refusedAll,
            "A guest's proxy refuses every send with SendForbidden, and everything else is the bare transport's"
        )
        #expect(forGuest.calls == 0, "None of a guest's sends reached the real transport")
    }

    @Test(
        "A handler's token is the real transport's: cancelling it stops the handler, and leaves no handler behind [4.4]"
    )
    func tokensReachTheRealTransport() throws {
        let real = try offlineTransport()
        try expectTokensReach(real, through: ProtectionProxy(wrapping: real, user: guest))
    }
}
