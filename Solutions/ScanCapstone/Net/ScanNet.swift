import Foundation
import ScanCapstoneSubjects
import ScanKit
import Testing

// The reference net for step 0: characterization tests of the legacy scan screen.
//
// Each test was written the way Feathers describes in "Working Effectively with Legacy Code"
// (ch. 13): call the code, write an expectation you know is wrong, and let the failure tell you
// what the code does. What the legacy does is the expectation, even where it looks odd (a tap
// anywhere on one code opens it). Each test says which of the planted changes it is there for;
// several catch more than one.

@Suite(.plantedChanges)
@MainActor
struct ScanNet {
    /// A code of `symbology` carrying `payload`.
    func code(_ payload: String, _ symbology: Symbology = .qr) throws -> ScannedCode {
        try ScannedCode(payload: payload, symbology: symbology)
    }

    // MARK: What one session shows and routes

    @Test func oneProductCodeIsShownAndRouted() throws {
        let screen = makeScreen()
        let product = try code("4006381333931", .ean13)

        screen.scanWithCamera([Frame(number: 1, codes: [product])])

        #expect(screen.display == .result(product))
        #expect(screen.routed == [.showProduct(gtin: "4006381333931")])
        #expect(screen.opened.isEmpty)
    }

    /// Every kind of code, and the near misses beside each rule of the classifying ladder: the
    /// boundaries are where a rewritten ladder goes wrong (capitals, 30, 17 digits).
    @Test(arguments: [
        ("96385074", Symbology.ean8, ScanRoute.showProduct(gtin: "96385074")),
        ("https://shop.example/p/1", .qr, .openLink(URL(string: "https://shop.example/p/1")!)),
        ("HTTP://SHOP.EXAMPLE", .qr, .openLink(URL(string: "HTTP://SHOP.EXAMPLE")!)),
        ("shop.example", .qr, .showText("shop.example")),
        ("250000000000000001", .code128, .pay(code: "250000000000000001")),
        ("300000000000000001", .code128, .pay(code: "300000000000000001")),
        ("240000000000000001", .code128, .showText("240000000000000001")),
        ("310000000000000001", .code128, .showText("310000000000000001")),
        ("30000000000000001", .code128, .showText("30000000000000001")),
    ])
    func eachKindOfCodeIsRoutedItsWay(payload: String, symbology: Symbology, route: ScanRoute) throws {
        let screen = makeScreen()

        screen.importPhoto(Frame(number: 1, codes: [try code(payload, symbology)]))

        #expect(screen.routed == [route])
    }

    /// The frame's order, on purpose not sorted: a refactoring that sorts is caught here.
    @Test func severalCodesShowThePickerAndRouteInTheFramesOrder() throws {
        let screen = makeScreen()
        let codes = [try code("zebra"), try code("apple"), try code("mango")]

        screen.scanWithCamera([Frame(number: 1, codes: codes)])

        #expect(screen.display == .picker(codes))
        #expect(screen.routed == [.showText("zebra"), .showText("apple"), .showText("mango")])
    }

    // MARK: Sessions

    @Test func aCodeSeenTwiceInOneSessionIsRoutedOnceAndEachSessionRoutesItAgain() throws {
        let screen = makeScreen()
        let link = try code("shop.example")

        screen.scanWithCamera([Frame(number: 1, codes: [link]), Frame(number: 2, codes: [link])])
        screen.importPhoto(Frame(number: 3, codes: [link]))

        // Twice: once per session, and the first session's route is kept.
        #expect(screen.routed == [.showText("shop.example"), .showText("shop.example")])
    }

    @Test func theSamePayloadInTwoSymbologiesIsTwoCodes() throws {
        let screen = makeScreen()

        screen.scanWithCamera([Frame(number: 1, codes: [try code("A-1"), try code("A-1", .code128)])])

        #expect(screen.routed == [.showText("A-1"), .showText("A-1")])
    }

    @Test func aFrameWithNoCodeShowsTheViewfinderAgain() throws {
        let screen = makeScreen()

        screen.scanWithCamera([Frame(number: 1, codes: [try code("first")]), Frame(number: 2)])

        #expect(screen.display == .viewfinder)
        #expect(screen.routed == [.showText("first")])
    }

    @Test func aSessionWithNothingInItLeavesTheScreenAsItWas() throws {
        let screen = makeScreen()
        let shown = try code("shown")
        screen.scanWithCamera([Frame(number: 1, codes: [shown])])

        screen.scanWithCamera([])
        #expect(screen.display == .result(shown))
        screen.importPhoto(nil)
        #expect(screen.display == .result(shown))
    }

    // MARK: Taps

    @Test func aTapAnywhereOnOneCodeOpensIt() throws {
        let screen = makeScreen()
        let only = try code("only")
        screen.scanWithCamera([Frame(number: 1, codes: [only])])

        screen.tap(0)
        screen.tap(5)

        #expect(screen.opened == [only, only])
        #expect(screen.display == .result(only))
    }

    @Test func aTapOnThePickerOpensThatCodeAndKeepsThePicker() throws {
        let screen = makeScreen()
        let codes = [try code("left"), try code("right")]
        screen.scanWithCamera([Frame(number: 1, codes: codes)])

        screen.tap(1)
        screen.tap(2)
        screen.tap(-1)

        #expect(screen.opened == [codes[1]])
        #expect(screen.display == .picker(codes))
    }

    @Test func aTapOnTheViewfinderOpensNothing() {
        let screen = makeScreen()

        screen.tap(0)

        #expect(screen.opened.isEmpty)
        #expect(screen.display == .viewfinder)
    }

    // MARK: Two screens

    @Test func twoScreensKeepTheirOwnHistory() throws {
        let first = makeScreen()
        let second = makeScreen()
        let only = try code("only")

        first.scanWithCamera([Frame(number: 1, codes: [only])])
        first.tap(0)

        #expect(second.routed.isEmpty)
        #expect(second.opened.isEmpty)
        #expect(second.display == .viewfinder)
    }
}
