import MessagingKit
import Proxy
import Testing

@Suite("Proxy · Step 2 — The offline proxy", .tags(.messaging))
struct Step2OfflineProxy {
    @Test("While connected, a send goes straight through; status and events are the real transport's")
    func connectedPassesThrough() throws {
        let real = try offlineTransport()
        let proxy = OfflineTransportProxy(wrapping: real)
        #expect(
            proxy.url == real.url && proxy.status == .idle,
            "The proxy reports the real address and status (step 2)")
        proxy.connect()
        #expect(real.status == .connecting, "connect() reaches the real transport (step 2)")
        try real.accept()
        #expect(proxy.status == .connected, "The proxy reports connected when the real one is (step 2)")
        let heard = Recorder<String>()
        proxy.onEvent { heard.record($0.name.rawValue) }
        try proxy.send(try Event("typing"))
        try real.deliver(try Event("message"))
        #expect(sentNames(real) == ["typing"], "A send while connected goes straight through (step 2)")
        #expect(heard.all == ["message"], "Events from the server reach the proxy's subscribers (step 2)")
        #expect(proxy.heldCount == 0, "Nothing is held while connected (step 2)")
    }

    @Test("While not connected, sends are held, and delivered in order when the real one connects")
    func offlineHoldsThenDelivers() throws {
        let real = try offlineTransport()
        let proxy = OfflineTransportProxy(wrapping: real)
        for name in ["a", "b", "c"] { try proxy.send(try Event(name)) }
        #expect(real.sentEvents.isEmpty && proxy.heldCount == 3, "Offline, sends wait in the proxy (step 2)")
        proxy.connect()
        try real.accept()
        #expect(sentNames(real) == ["a", "b", "c"], "On connect they go out first in, first out (step 2)")
        #expect(proxy.heldCount == 0, "Nothing stays held (step 2)")
        try real.drop()
        try proxy.send(try Event("d"))
        try real.restore()
        #expect(sentNames(real) == ["a", "b", "c", "d"], "After a drop, only the new one goes out (step 2)")
    }

    @Test("A caller that expects any transport gets the proxy and can't tell: a SocketConnection over it")
    func substitutable() throws {
        let real = try offlineTransport()
        let connection: any Connection = SocketConnection(transport: OfflineTransportProxy(wrapping: real))
        try connection.send(try Event("hello"))
        #expect(real.sentEvents.isEmpty, "The connection's send, made offline, waits in the proxy (step 2)")
        connection.connect()
        try real.accept()
        #expect(sentNames(real) == ["hello"], "It is delivered when the connection comes up (step 2)")
    }
}
