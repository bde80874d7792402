import ChainOfResponsibility
import Foundation
import ScanCapstone
import ScanKit
import Testing

/// Step 1: the duplicate check, the classifying ladder and the routing become the units of a
/// pipeline the screen is given.
@MainActor
@Suite("Step 1 — the scan path is the units it was given")
struct Step1Pipeline {
    /// A screen with the standard capabilities and `units`.
    func screen(_ units: [any ScanUnit]) -> ScanScreen {
        ScanScreen(capabilities: ScanScreen.standardCapabilities(), units: units)
    }

    @Test(
        "without a duplicate filter a code seen twice is routed twice; with the filter first it drops nothing [1.1]"
    )
    func theUnitsGivenAreThePath() throws {
        let noFilter = screen([DecodeUnit(), ClassifyUnit(), RouteUnit()])
        noFilter.scanWithCamera([frame(1, [Codes.link]), frame(2, [Codes.linkMoved])])
        let link = try #require(URL(string: "https://shop.example/p/1"))
        #expect(
            noFilter.routed == [.openLink(link), .openLink(link)],
            "The screen's path had no duplicate filter, so nothing drops the second sighting")

        let filterFirst = screen([DuplicateFilter(), DecodeUnit(), ClassifyUnit(), RouteUnit()])
        filterFirst.scanWithCamera([frame(1, [Codes.link, Codes.link]), frame(2, [Codes.link])])
        #expect(
            filterFirst.routed == [.openLink(link), .openLink(link), .openLink(link)],
            "A filter before the decoder sees frames, not codes: the order given is the order run")

        let spy = SpyUnit()
        let noDecoder = screen([spy, DuplicateFilter(), ClassifyUnit(), RouteUnit()])
        noDecoder.scanWithCamera([frame(1, [Codes.link])])
        #expect(
            spy.received == [.frame(frame(1, [Codes.link]))],
            "A path with no decode unit gets frames, and the screen adds no unit of its own")
        #expect(noDecoder.routed.isEmpty, "Without a decode unit, no code is classified or routed")
    }

    @Test(
        "a unit first in the path gets one frame per frame delivered, holding its codes; one last gets what the router passes [1.2]"
    )
    func everyUnitIsAsked() throws {
        let first = SpyUnit()
        let last = SpyUnit()
        let screen = screen([first, DecodeUnit(), DuplicateFilter(), ClassifyUnit(), RouteUnit(), last])
        let frames = [frame(1, [Codes.link, Codes.text]), frame(2), frame(3, [Codes.link])]
        screen.scanWithCamera(frames)
        #expect(
            first.received == frames.map(ScanItem.frame),
            "The first unit is asked about every frame, in order, with the codes it holds")
        #expect(
            last.received == screen.routed.map(ScanItem.route),
            "The last unit is asked about every route the router passes, in order")
        #expect(last.received.count == 2, "Two codes were new in the session")
    }

    @Test(
        "every camera session and every import, even of nothing, starts a session of every unit once, before its items [1.3]"
    )
    func everySessionStartsTheUnits() {
        let spy = SpyUnit()
        let screen = screen([spy, DecodeUnit(), DuplicateFilter(), ClassifyUnit(), RouteUnit()])
        screen.scanWithCamera([frame(1, [Codes.link])])
        screen.scanWithCamera([])
        screen.importPhoto(nil)
        screen.importPhoto(frame(2, [Codes.text]))
        screen.tap(0)
        #expect(
            spy.sessions == 4,
            "Two camera sessions and two imports are four sessions; a tap is none")
        #expect(
            spy.log == [
                "start", "\(ScanItem.frame(frame(1, [Codes.link])))", "start", "start", "start",
                "\(ScanItem.frame(frame(2, [Codes.text])))",
            ],
            "Each session starts before its first item")
    }

    @Test(
        "what leaves the last unit as a route is routed, in the order it leaves; anything else goes nowhere [1.4]"
    )
    func onlyRoutesLeaving() throws {
        let echoed = screen([DecodeUnit(), DuplicateFilter(), ClassifyUnit(), RouteUnit(), EchoUnit()])
        echoed.scanWithCamera([frame(1, [Codes.product8, Codes.payment])])
        #expect(
            echoed.routed == [
                .showProduct(gtin: "96385074"), .showText("echo"), .pay(code: "251234567890123456"),
                .showText("echo"),
            ],
            "Every route leaving the last unit is routed, as it leaves")

        let noRouter = screen([DecodeUnit(), DuplicateFilter(), ClassifyUnit()])
        noRouter.scanWithCamera([frame(1, [Codes.link])])
        noRouter.importPhoto(frame(2, [Codes.text]))
        #expect(
            noRouter.routed.isEmpty,
            "Classified codes are not routes: without a router nothing is routed")

        let codesLeave = screen([DecodeUnit(), DuplicateFilter()])
        codesLeave.scanWithCamera([frame(1, [Codes.link, Codes.text])])
        #expect(
            codesLeave.routed.isEmpty,
            "Codes leaving the last unit are not routes either: they go nowhere")
    }

    @Test(
        "the units decide where codes go, never what the screen shows: with no units, every frame still shows [1.5]"
    )
    func unitsNeverDecideTheDisplay() {
        let screen = screen([])
        screen.scanWithCamera([frame(1, [Codes.link, Codes.text])])
        #expect(
            screen.display == .picker([Codes.link, Codes.text]),
            "The screen shows the frame's codes")
        #expect(
            screen.routed.isEmpty, "A path with no units routes nothing: frames are not routes")
        screen.tap(1)
        #expect(screen.opened == [Codes.text], "A tap opens the code under it, units or not")

        let routeless = self.screen([DecodeUnit(), DuplicateFilter(), SpyUnit()])
        routeless.importPhoto(frame(3, [Codes.product13]))
        #expect(
            routeless.display == .result(Codes.product13), "A path that routes nothing still shows"
        )
    }

    @Test("standardUnits() is decode, drop duplicates, classify, route, as new objects on every call [1.6]")
    func standardUnits() throws {
        let units = ScanScreen.standardUnits()
        try #require(units.count == 4, "Four units: decode, drop duplicates, classify, route")
        var out: [ScanItem] = []
        let pipeline = units.reduce(ScanPipeline { out.append($0) }) { $0.addUnit($1) }
        pipeline.addCreator(
            FakeCamera(frames: [frame(1, [Codes.text, Codes.product8]), frame(2, [Codes.text])])
        ).scan()
        #expect(
            out == [.route(.showText("Hello, shop")), .route(.showProduct(gtin: "96385074"))],
            "The standard units route each new code, once")

        let again = ScanScreen.standardUnits()
        let shared = zip(units, again).filter { $0.0 === $0.1 }
        #expect(
            shared.isEmpty,
            "A unit may remember things, so each call makes new ones: two screens must not share them"
        )
    }
}
