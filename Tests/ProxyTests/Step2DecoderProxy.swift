import Dispatch
import KataTestSupport
import Proxy
import ScanKit
import Testing

@Suite(
    "Proxy · Step 2 — The decoder proxy: a stand-in until the decoder is attached", .tags(.scan),
    .noEscapeHatches("Proxy", rule: "2.7"))
struct Step2DecoderProxy {
    @Test("Nothing attached: no codes, as CodeDecoding documents; attached: the decoder's codes [2.1, 2.2]")
    func noCapabilityThenAttached() throws {
        let proxy = DecoderProxy()
        let codes = [try code("a"), try code("b")]
        let frame = Frame(number: 1, codes: codes)
        #expect(
            proxy.decode(frame).isEmpty,
            "Nothing attached: no codes, what CodeDecoding documents for no capability")
        proxy.attach(FrameCodeDecoder())
        #expect(proxy.decode(frame) == codes, "Attached: the proxy returns the decoder's codes")
    }

    @Test(
        "Every frame goes to the attached decoder, the same frame again too: the proxy keeps no answers [2.2]"
    )
    func everyFrameReachesTheDecoder() {
        let proxy = DecoderProxy()
        let decoder = SharpeningDecoder()
        proxy.attach(decoder)
        let frame = Frame(number: 1)
        #expect(proxy.decode(frame).map(\.payload) == ["answer 1"], "The decoder answers")
        #expect(
            proxy.decode(frame).map(\.payload) == ["answer 2"],
            "The same frame again is the decoder's to answer again: its answer may have changed")
        #expect(decoder.count == 2, "The decoder was asked for every frame")
    }

    @Test("Attaching another decoder swaps it in; detaching goes back to no codes [2.2, 2.3]")
    func swapAndDetach() throws {
        let proxy = DecoderProxy()
        let frame = Frame(number: 1)
        proxy.attach(LabelDecoder(label: "old"))
        #expect(proxy.decode(frame).map(\.payload) == ["old"], "The attached decoder answers")
        proxy.attach(LabelDecoder(label: "new"))
        #expect(proxy.decode(frame).map(\.payload) == ["new"], "Attaching again swaps the decoder")
        proxy.detach()
        #expect(proxy.decode(frame).isEmpty, "Detached: no codes again")
        proxy.attach(LabelDecoder(label: "back"))
        #expect(proxy.decode(frame).map(\.payload) == ["back"], "A decoder can be attached again")
    }

    @Test("A caller that resolved the proxy early gets codes once one is attached, and after a swap [2.4]")
    func resolvedEarlySeesAttachAndSwap() throws {
        // Start-up: the locator is filled with proxies, before any decoder exists.
        let locator = CapabilityLocator()
        let decoding = DecoderProxy()
        locator.register(decoding, for: (any CodeDecoding).self)
        // A part of the scan screen resolves the capability once, and keeps what it got.
        let screen = ScanScreen(decoder: try #require(locator.resolve((any CodeDecoding).self)))
        let frame = Frame(number: 1, codes: [try code("p-1")])
        #expect(screen.payloads(in: frame).isEmpty, "Before a decoder is attached: no codes")
        // Later the module that really decodes attaches itself.
        decoding.attach(FrameCodeDecoder())
        #expect(
            screen.payloads(in: frame) == ["p-1"],
            "Once attached, the caller that resolved early gets codes, without resolving again")
        decoding.attach(LabelDecoder(label: "model v2"))
        #expect(
            screen.payloads(in: frame) == ["model v2"],
            "After a swap, the same caller gets the new decoder's codes")
    }

    @Test("A proxy of the tests' own registers like the decoder's; a proxy goes where its subject goes [2.6]")
    func promiseFromOutside() throws {
        let locator = CapabilityLocator()
        let display = ResultDisplayProxy()
        let decoding = DecoderProxy()
        locator.register(display, for: (any ResultDisplaying).self)
        locator.register(decoding, for: (any CodeDecoding).self)
        let shown = try #require(
            locator.resolve((any ResultDisplaying).self),
            "A proxy for a protocol the locator never heard of is registered and resolved")
        display.attach(BannerDisplay(style: "toast"))
        decoding.attach(LabelDecoder(label: "p-9"))
        let screen = ScanScreen(decoder: decoding)
        let payloads = screen.payloads(in: Frame(number: 1))
        #expect(payloads == ["p-9"], "The decoder proxy works wherever a CodeDecoding is expected")
        #expect(
            try shown.show(code(payloads.first ?? "")) == "toast: p-9",
            "The test's own proxy, resolved before its display was attached, now shows")
    }

    @Test(
        "A decoder that calls back into its proxy while decoding (it hands over to another) is not blocked [2.5, 2.7]"
    )
    func decoderCallsBack() throws {
        let proxy = DecoderProxy()
        proxy.attach(HandOverDecoder(proxy: proxy, successor: LabelDecoder(label: "successor")))
        #expect(
            proxy.decode(Frame(number: 1)).map(\.payload) == ["first"],
            "The proxy forwards outside its lock, so the decoder may attach its successor")
        #expect(
            proxy.decode(Frame(number: 2)).map(\.payload) == ["successor"],
            "The next frame goes to the decoder attached from inside decode")
    }

    @Test("A slow decode holds up no other caller: the proxy adds no lock around its decoder [2.5]")
    func slowDecodeHoldsUpNobody() throws {
        let proxy = DecoderProxy()
        let decoder = WaitingDecoder()
        proxy.attach(decoder)
        // A proxy that doesn't forward fails here, instead of leaving the slow decode unstarted.
        try #require(
            proxy.decode(Frame(number: 3)).map(\.payload) == ["warm"], "The proxy forwards to its decoder")
        let slow = Received<[String]>()
        let slowDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            slow.set(proxy.decode(Frame(number: 1)).map(\.payload))
            slowDone.signal()
        }
        #expect(decoder.started.wait(timeout: .now() + 10) == .success, "The slow decode began")
        #expect(
            proxy.decode(Frame(number: 2)).map(\.payload) == ["fast"],
            "Another caller's frame is decoded while the slow one still decodes")
        _ = slowDone.wait(timeout: .now() + 10)
        #expect(
            slow.current == ["slow, after the fast one"],
            "The fast decode finished while the slow one was still decoding: nobody waited for it")
    }
}

/// A decoder whose frame 1 is slow, and whose frame 3 warms it up.
///
/// Frame 1 waits until frame 2 has been decoded, or gives up after ten seconds: only a proxy that
/// holds callers up makes it wait that long.
private final class WaitingDecoder: CodeDecoding {
    let started = DispatchSemaphore(value: 0)
    private let fastDone = DispatchSemaphore(value: 0)

    func decode(_ frame: Frame) -> [ScannedCode] {
        guard frame.number != 3 else { return payload("warm") }
        guard frame.number == 1 else {
            defer { fastDone.signal() }
            return payload("fast")
        }
        started.signal()
        let overtaken = fastDone.wait(timeout: .now() + 10) == .success
        return payload(overtaken ? "slow, after the fast one" : "slow, alone")
    }

    private func payload(_ text: String) -> [ScannedCode] {
        (try? ScannedCode(payload: text, symbology: .qr)).map { [$0] } ?? []
    }
}
