import ChainOfResponsibility
import KataTestSupport
import Proxy
import ScanCapstone
import ScanKit
import Testing

/// Step 3: the string-keyed table becomes the app's capability registry, and the decoder sits
/// behind the lazy proxy.
@MainActor
@Suite("Step 3 — the decoder comes from the registry")
struct Step3CapabilityRegistry {
    /// A registry holding `decoder` for the decoder protocol, and nothing else.
    func capabilities(_ decoder: any CodeDecoding) -> CapabilityLocator {
        let capabilities = CapabilityLocator()
        capabilities.register(decoder, for: (any CodeDecoding).self)
        return capabilities
    }

    @Test("every frame is decoded by the decoder registered for CodeDecoding, and by nothing else [3.1]")
    func theRegisteredDecoderDecodes() {
        let screen = ScanScreen(capabilities: capabilities(FixedDecoder(codes: [Codes.product8])))
        screen.scanWithCamera([frame(1, [Codes.link, Codes.text])])
        #expect(screen.display == .result(Codes.product8), "The registered decoder found one code")
        #expect(
            screen.routed == [.showProduct(gtin: "96385074")],
            "Only what the decoder found is routed")
        screen.importPhoto(frame(2))
        #expect(
            screen.display == .result(Codes.product8), "An import is decoded by the same decoder")

        let padded = ScanScreen(capabilities: capabilities(FixedDecoder(codes: [Codes.padded])))
        padded.scanWithCamera([frame(3)])
        #expect(padded.display == .result(Codes.padded), "The codes are the decoder's, untouched")
        #expect(padded.routed == [.showText(" Hello, shop \n")], "…spaces and new lines included")
    }

    @Test(
        "the decoder is looked up for each frame: one registered after the screen was made, or mid-session, decodes the next frame [3.2]"
    )
    func lookedUpForEachFrame() {
        let capabilities = CapabilityLocator()
        let screen = ScanScreen(capabilities: capabilities)
        capabilities.register(
            FixedDecoder(codes: [Codes.text]) as any CodeDecoding, for: (any CodeDecoding).self)
        screen.scanWithCamera([frame(1)])
        #expect(
            screen.display == .result(Codes.text),
            "Registered after the screen was made, it decodes")

        let handOver = HandOverDecoder(to: FixedDecoder(codes: [Codes.payment30]), in: capabilities)
        capabilities.register(handOver as any CodeDecoding, for: (any CodeDecoding).self)
        screen.scanWithCamera([frame(2, [Codes.link]), frame(3, [Codes.link])])
        #expect(
            screen.routed == [.showText("Hello, shop"), .pay(code: "301234567890123456")],
            "Frame 2 was decoded by the decoder that handed over, frame 3 by its successor")
        #expect(
            screen.display == .result(Codes.payment30), "The last frame, as the successor read it")
    }

    @Test(
        "with no decoder registered, frames hold no codes: the viewfinder stays and nothing is routed [3.3]")
    func noDecoderNoCodes() {
        let screen = ScanScreen(capabilities: CapabilityLocator())
        screen.scanWithCamera([frame(1, [Codes.link])])
        screen.importPhoto(frame(2, [Codes.text, Codes.product8]))
        #expect(screen.display == .viewfinder, "No decoder, no codes")
        #expect(screen.routed.isEmpty, "No decoder, nothing to route")

        let spy = SpyUnit()
        let emptied = capabilities(FixedDecoder(codes: [Codes.text]))
        let shown = ScanScreen(
            capabilities: emptied, units: [spy, DecodeUnit(), DuplicateFilter(), ClassifyUnit(), RouteUnit()])
        shown.scanWithCamera([frame(3)])
        emptied.removeAll()
        shown.scanWithCamera([frame(4, [Codes.link])])
        #expect(
            shown.display == .viewfinder,
            "The decoder is gone: the frame holds no code, after one did")
        #expect(spy.sessions == 2, "…and the session still runs, with no codes in it")
        #expect(
            spy.received.last == .frame(frame(4)), "The units get the frame as no decoder read it")
    }

    @Test(
        "standardCapabilities registers the decoder behind a lazy proxy: made on the first frame, once, for every screen [3.4]"
    )
    func theStandardDecoderIsLazy() {
        let made = CallCounter()
        let capabilities = ScanScreen.standardCapabilities {
            made.call()
            return LeftHalfDecoder()
        }
        #expect(made.calls == 0, "Start-up registers a stand-in; the real decoder isn't made yet")
        let first = ScanScreen(capabilities: capabilities)
        let second = ScanScreen(capabilities: capabilities)
        #expect(made.calls == 0, "Making a screen makes no decoder")
        first.scanWithCamera([])
        first.importPhoto(nil)
        #expect(made.calls == 0, "No frame, nothing to decode: still not made")
        first.scanWithCamera([frame(1, [Codes.link, Codes.payment])])
        #expect(made.calls == 1, "The first frame makes the decoder")
        #expect(
            first.display == .result(Codes.link), "…and the decoder made is the one that decodes")
        second.scanWithCamera([frame(2, [Codes.text]), frame(3, [Codes.product8])])
        #expect(made.calls == 1, "Made once, whatever number of frames and screens")
        #expect(
            second.display == .result(Codes.product8), "The second screen uses the same decoder")

        #expect(
            ScanScreen.standardCapabilities().resolve((any CodeDecoding).self) is LazyDecoder,
            "Called with no arguments too, start-up registers the decoder behind the lazy proxy")

        let resolved = capabilities.resolve((any CodeDecoding).self)
        #expect(
            resolved?.decode(frame(4, [Codes.text, Codes.link])) == [Codes.link],
            "It is registered for the decoder protocol itself")
    }

    @Test("every frame is decoded once, in the order delivered [3.5]")
    func decodedOnce() {
        let decoder = CountingDecoder()
        let registry = capabilities(decoder)
        let screen = ScanScreen(capabilities: registry)
        screen.scanWithCamera([frame(1, [Codes.link]), frame(2, [Codes.link, Codes.text]), frame(3)])
        screen.importPhoto(frame(4, [Codes.product8]))
        screen.tap(0)
        #expect(
            decoder.decoded == [1, 2, 3, 4],
            "Each frame once, camera and album alike; a tap decodes nothing")
        #expect(screen.display == .result(Codes.product8), "What the decoder found is what shows")

        screen.importPhoto(frame(4, [Codes.product8]))
        #expect(
            decoder.decoded == [1, 2, 3, 4, 4], "The same photo imported again is decoded again")
        screen.scanWithCamera([frame(5, [Codes.text]), frame(5, [Codes.text])])
        #expect(
            decoder.decoded == [1, 2, 3, 4, 4, 5, 5],
            "A frame the camera delivers twice is decoded twice")
        registry.register(FixedDecoder(codes: [Codes.text]) as any CodeDecoding, for: (any CodeDecoding).self)
        screen.importPhoto(frame(4, [Codes.product8]))
        #expect(
            screen.display == .result(Codes.text),
            "A frame seen before is read by the decoder registered now, not remembered")
    }

    @Test(
        "with a decoder of the app's own (one that reads codes right to left), the screen does what the legacy did with it [3.1]"
    )
    nonisolated func ownDecoder() async {
        let check = ModelCheck<ScreenAction>(sequences: 100, length: 1...10) { random in
            randomAction(&random)
        }
        let failure = await check.run { actions in
            await MainActor.run {
                let capabilities = CapabilityLocator()
                capabilities.register(RightToLeftDecoder() as any CodeDecoding, for: (any CodeDecoding).self)
                // The legacy screen, given this decoder, saw each frame's codes reversed.
                return firstDifference(
                    from: LegacyScreenModel(), on: ScanScreen(capabilities: capabilities), after: actions,
                    modelSees: \.readRightToLeft)
            }
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}

/// A decoder of the app's own: the frame's codes, right to left.
struct RightToLeftDecoder: CodeDecoding {
    func decode(_ frame: Frame) -> [ScannedCode] { frame.codes.reversed() }
}

extension ScreenAction {
    /// The action as a right-to-left decoder would have the screen see it.
    var readRightToLeft: ScreenAction {
        func reversed(_ frame: Frame) -> Frame { Frame(number: frame.number, codes: frame.codes.reversed()) }
        return switch self {
        case .camera(let frames): .camera(frames.map(reversed))
        case .album(let photo): .album(photo.map(reversed))
        case .tap: self
        }
    }
}
