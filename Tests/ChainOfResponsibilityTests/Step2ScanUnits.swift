import ChainOfResponsibility
import Foundation
import KataTestSupport
import ScanKit
import Testing

/// One row of the classifier's table.
struct ClassifyCase: Sendable, CustomTestStringConvertible {
    let payload: String
    let symbology: Symbology
    let kind: CodeKind
    let why: String
    var testDescription: String { "\(symbology.rawValue) \"\(payload)\" → \(kind.rawValue)" }
}

let classifyTable: [ClassifyCase] = [
    ClassifyCase(payload: "4006381333931", symbology: .ean13, kind: .product, why: "an EAN-13 is a product"),
    ClassifyCase(payload: "96385074", symbology: .ean8, kind: .product, why: "an EAN-8 is a product"),
    ClassifyCase(
        payload: "4006381333931", symbology: .code128, kind: .text,
        why: "13 digits that aren't an EAN are text"),
    ClassifyCase(payload: "https://shop.example/p/1", symbology: .qr, kind: .link, why: "https:// is a link"),
    ClassifyCase(
        payload: "HTTPS://SHOP.EXAMPLE/P/1", symbology: .qr, kind: .link,
        why: "a scheme in capitals is a link"),
    ClassifyCase(
        payload: "Http://shop.example", symbology: .dataMatrix, kind: .link,
        why: "http:// in any case is a link"),
    ClassifyCase(
        payload: "ftp://files.example", symbology: .qr, kind: .text, why: "only http and https are links"),
    ClassifyCase(payload: "shop.example/p/1", symbology: .qr, kind: .text, why: "no scheme, no link"),
    ClassifyCase(
        payload: " https://shop.example/p/1", symbology: .qr, kind: .text,
        why: "a space before the scheme: it doesn't start with https://"),
    ClassifyCase(
        payload: "https:/shop.example/p/1", symbology: .qr, kind: .text, why: "one slash is a near miss"),
    ClassifyCase(
        payload: "hTtPs://shop.example/P/1", symbology: .qr, kind: .link,
        why: "a scheme in mixed case is a link"),
    ClassifyCase(
        payload: "httpbin.org/get", symbology: .qr, kind: .text,
        why: "httpbin starts with http, but not with http://: a near miss"),
    ClassifyCase(payload: "https//shop.example", symbology: .qr, kind: .text, why: "no colon is a near miss"),
    ClassifyCase(payload: "httpss://shop.example", symbology: .qr, kind: .text, why: "httpss is not https"),
    ClassifyCase(payload: "https", symbology: .qr, kind: .text, why: "a scheme alone is not a link"),
    ClassifyCase(
        payload: "\thttps://shop.example/p/1", symbology: .qr, kind: .text,
        why: "a tab before the scheme: it doesn't start with https://"),
    ClassifyCase(
        payload: "\nHTTP://shop.example", symbology: .qr, kind: .text,
        why: "a newline before the scheme: it doesn't start with http://"),
    ClassifyCase(payload: "251234567890123456", symbology: .qr, kind: .payment, why: "18 digits from 25 pay"),
    ClassifyCase(payload: "271234567890123456", symbology: .qr, kind: .payment, why: "18 digits from 27 pay"),
    ClassifyCase(
        payload: " 251234567890123456", symbology: .qr, kind: .text, why: "a space before the 18 digits"),
    ClassifyCase(
        payload: "251234567890123456 ", symbology: .qr, kind: .text, why: "a space after the 18 digits"),
    ClassifyCase(
        payload: "251234-567890123456", symbology: .qr, kind: .text, why: "a hyphen inside the digits"),
    ClassifyCase(
        payload: "25.1234567890123456", symbology: .qr, kind: .text, why: "a dot inside the digits"),
    ClassifyCase(
        payload: "301234567890123456", symbology: .code128, kind: .payment, why: "18 digits from 30 pay"),
    ClassifyCase(
        payload: "241234567890123456", symbology: .qr, kind: .text, why: "24 is below the payment range"),
    ClassifyCase(
        payload: "311234567890123456", symbology: .qr, kind: .text, why: "31 is above the payment range"),
    ClassifyCase(payload: "25123456789012345", symbology: .qr, kind: .text, why: "17 digits are one too few"),
    ClassifyCase(
        payload: "2512345678901234567", symbology: .qr, kind: .text, why: "19 digits are one too many"),
    ClassifyCase(payload: "25123456789012345X", symbology: .qr, kind: .text, why: "a letter is not a digit"),
    ClassifyCase(
        payload: "25123456789012345\n", symbology: .qr, kind: .text, why: "a newline is not a digit"),
    ClassifyCase(
        payload: "251234567890123456\t", symbology: .qr, kind: .text,
        why: "18 digits and a tab are not exactly 18 digits"),
    ClassifyCase(
        payload: "251234 567890123456", symbology: .qr, kind: .text, why: "a separator inside the digits"),
    ClassifyCase(
        payload: "２５１２３４５６７８９０１２３４５６", symbology: .qr, kind: .text, why: "full-width digits aren't 0-9"),
    ClassifyCase(
        payload: "2512345678\u{301}90123456", symbology: .qr, kind: .text,
        why: "an 8 with a combining accent is not an ASCII digit"),
    ClassifyCase(
        payload: "25123456789012345\u{200D}6", symbology: .qr, kind: .text,
        why: "a 5 with a zero-width joiner is not an ASCII digit"),
    ClassifyCase(payload: "hello", symbology: .qr, kind: .text, why: "anything else is text"),
]

/// What the full standard pipeline sees: frames from the camera, then a photo from the album.
func shopFrames() throws -> (creators: [any ScanCreator], link: ScannedCode, product: ScannedCode) {
    let link = try qr("https://shop.example/p/1", at: 0)
    let movedLink = try qr("https://shop.example/p/1", at: 0.5)
    let product = try ScannedCode(payload: "4006381333931", symbology: .ean13)
    let payment = try qr("251234567890123456")
    let text = try qr("hello")
    let camera = FakeCamera(frames: [
        Frame(number: 0),
        Frame(number: 1, codes: [link, product]),
        Frame(number: 2, codes: [movedLink, payment, text]),
    ])
    let album = FakePhotoAlbum(picked: Frame(number: 3, codes: [product]))
    return ([camera, album], link, product)
}

/// The routes the standard pipeline makes of ``shopFrames()``, one per code.
struct ShopRoutes {
    let link: ScanItem
    let product = ScanItem.route(.showProduct(gtin: "4006381333931"))
    let payment = ScanItem.route(.pay(code: "251234567890123456"))
    let text = ScanItem.route(.showText("hello"))

    /// Each code once, in the order the camera shows them.
    var all: [ScanItem] { [link, product, payment, text] }

    init() throws {
        let url = try #require(URL(string: "https://shop.example/p/1"), "The test's link should parse")
        link = .route(.openLink(url))
    }
}

/// A unit another team adds: payments are switched off in this market.
///
/// A payment code goes no further. Declared here: your units have never heard of it.
final class PaymentsOffUnit: ScanUnit {
    func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        if case .classified(_, .payment) = item { return }
        pass(item)
    }
}

@Suite(
    "Chain of Responsibility · Step 2 — The scan units", .tags(.scan),
    .noEscapeHatches("ChainOfResponsibility"))
struct Step2ScanUnits {
    @Test("The decoder turns a frame into its codes, in order; a frame without codes stops there [2.1, 2.2]")
    func decode() throws {
        let codes = [try qr("a"), try qr("b", at: 0.5), try qr("c", at: 0.8)]
        let decoder = DecodeUnit()
        #expect(
            passed(by: decoder, .frame(Frame(number: 1, codes: codes))) == codes.map(ScanItem.code),
            "One .code per code in the frame, in the frame's order, and not the frame itself")
        #expect(passed(by: decoder, blank(2)).isEmpty, "A frame without codes passes nothing on")
        let notAFrame = ScanItem.route(.showText("x"))
        #expect(
            passed(by: decoder, notAFrame) == [notAFrame],
            "An item that isn't a frame passes unchanged")
    }

    @Test(
        "The duplicate filter passes a code once a session, wherever it is in the frame, and only codes [2.1, 2.3, 2.4]"
    )
    func duplicates() throws {
        let filter = DuplicateFilter()
        let here = try qr("https://shop.example/p/1", at: 0)
        let moved = try qr("https://shop.example/p/1", at: 0.5)
        let otherSymbology = try ScannedCode(payload: "https://shop.example/p/1", symbology: .dataMatrix)
        let other = try qr("https://shop.example/p/2")
        #expect(
            passed(by: filter, [.code(here), .code(moved), .code(otherSymbology), .code(other), .code(here)])
                == [.code(here), .code(otherSymbology), .code(other)],
            "Same payload and symbology is the same code, whatever its position; another symbology is another code"
        )
        #expect(
            passed(by: filter, blank(7)) == [blank(7)],
            "An item that isn't a code passes unchanged")
        let classified = ScanItem.classified(here, .link)
        let routed = ScanItem.route(.showText("hello"))
        #expect(
            passed(by: filter, [classified, classified, routed, routed]) == [
                classified, classified, routed, routed,
            ],
            "A classified code or a route is not the filter's case: it passes unchanged, every time, even one it has seen as a code"
        )
        filter.sessionDidStart()
        #expect(
            passed(by: filter, [.code(moved), .code(moved)]) == [.code(moved)],
            "A new session forgets the codes seen, and starts remembering again")

        // Near misses are other codes: the payload is compared exactly, case and spaces included.
        let nearMisses = try ["abc12", "ABC12", "Abc12", " abc12", "abc12 ", "abc12\n", "abc1２"].map {
            try qr($0)
        }
        filter.sessionDidStart()
        #expect(
            passed(by: filter, nearMisses.map(ScanItem.code)) == nearMisses.map(ScanItem.code),
            "Payloads that differ only in case or in surrounding whitespace are different codes: each passes"
        )
        #expect(
            passed(by: filter, nearMisses.map(ScanItem.code)).isEmpty,
            "…and each is dropped when it comes again in the same session")
    }

    @Test(
        "The classifier tells links, products, payment codes and text apart [2.5]", arguments: classifyTable)
    func classify(row: ClassifyCase) throws {
        let code = try ScannedCode(payload: row.payload, symbology: row.symbology)
        #expect(
            passed(by: ClassifyUnit(), .code(code)) == [.classified(code, row.kind)],
            "\(row.testDescription): \(row.why)")
    }

    @Test(
        "The router sends each kind of code to its handler, a link to its payload as scanned; other items pass unchanged [2.1, 2.6, 2.7]"
    )
    func route() throws {
        let link = try qr("https://shop.example/p/1")
        let product = try ScannedCode(payload: "96385074", symbology: .ean8)
        let payment = try qr("301234567890123456")
        let text = try qr("hello")
        let router = RouteUnit()
        #expect(
            passed(
                by: router,
                [
                    .classified(link, .link), .classified(product, .product), .classified(payment, .payment),
                    .classified(text, .text),
                ]) == [
                    .route(.openLink(URL(string: "https://shop.example/p/1")!)),
                    .route(.showProduct(gtin: "96385074")),
                    .route(.pay(code: "301234567890123456")), .route(.showText("hello")),
                ],
            "Link → openLink, product → showProduct, payment → pay, text → showText, with the payload"
        )
        let spaced = try qr(" Table 12\n")
        #expect(
            passed(by: router, .classified(spaced, .text)) == [.route(.showText(" Table 12\n"))],
            "Text is shown exactly as scanned, white space and all")
        for payload in ["https://shop.example/P/AbC12?Ref=XyZ&Lang=DE", "HTTPS://SHOP.EXAMPLE/P/1"] {
            let shouting = try qr(payload)
            #expect(
                passed(by: router, .classified(shouting, .link)) == [
                    .route(.openLink(URL(string: payload)!))
                ],
                "A link opens the URL of its payload exactly as scanned, case and all: \(payload)")
        }
        for payload in [
            "https://shop.example/p/1\n", "https://shop.example/p/1 ", "https://shop.example/p/1\t",
        ] {
            let untrimmed = try qr(payload)
            let exact = URL(string: payload).map { ScanRoute.openLink($0) } ?? .showText(payload)
            #expect(
                passed(by: router, .classified(untrimmed, .link)) == [.route(exact)],
                "A link opens URL(string:) of its payload white space and all, or is text when that is nil: \(payload.debugDescription)"
            )
        }
        #expect(
            passed(by: router, .code(text)) == [.code(text)],
            "An item that isn't classified passes unchanged")
        #expect(
            passed(by: ClassifyUnit(), blank(4)) == [blank(4)],
            "The classifier passes a non-code unchanged")
    }

    @Test("A link Foundation can't read as a URL is shown as text, not dropped [2.7]")
    func unreadableLink() throws {
        let unreadable = try qr("https://shop example/p/1")
        try #require(
            URL(string: unreadable.payload) == nil,
            "The test needs a link payload that URL(string:) can't read")
        #expect(
            passed(by: RouteUnit(), .classified(unreadable, .link))
                == [.route(.showText("https://shop example/p/1"))],
            "A link that isn't a URL goes to showText with its payload")
    }

    @Test(
        "Decode, drop duplicates, classify, route: each code reaches its handler once a session [2.2, 2.3, 2.4, 2.6]"
    )
    func standardPipeline() throws {
        let (creators, _, _) = try shopFrames()
        let outbox = Outbox()
        let pipeline = ScanPipeline(output: outbox.take, creators: creators)
            .addUnit(DecodeUnit()).addUnit(DuplicateFilter()).addUnit(ClassifyUnit()).addUnit(RouteUnit())
        pipeline.scan()
        let routes = try ShopRoutes()
        #expect(outbox.items == routes.all, "Every code once, in order, routed")
        pipeline.scan()
        #expect(outbox.items == routes.all + routes.all, "The next session sees every code again")
    }

    @Test("The order of the units is configuration: another order gives another, defined result [2.1]")
    func orderIsConfiguration() throws {
        let (creators, link, product) = try shopFrames()
        let routes = try ShopRoutes()
        let filterFirst = Outbox()
        ScanPipeline(output: filterFirst.take, creators: creators)
            .addUnit(DuplicateFilter()).addUnit(DecodeUnit()).addUnit(ClassifyUnit()).addUnit(RouteUnit())
            .scan()
        #expect(
            filterFirst.items == [
                routes.link, routes.product, routes.link, routes.payment, routes.text, routes.product,
            ],
            "Before the decoder, the duplicate filter sees only frames and drops nothing")

        let routerFirst = Outbox()
        ScanPipeline(output: routerFirst.take, creators: creators)
            .addUnit(DecodeUnit()).addUnit(DuplicateFilter()).addUnit(RouteUnit()).addUnit(ClassifyUnit())
            .scan()
        #expect(
            routerFirst.items.prefix(2) == [.classified(link, .link), .classified(product, .product)]
                && routerFirst.items.count == 4,
            "Before the classifier, the router sees only codes: the output is classified codes, not routes"
        )
    }

    @Test("A unit declared in the tests goes into the pipeline without changing yours [2.1]")
    func insertedUnit() throws {
        let (creators, _, _) = try shopFrames()
        let routes = try ShopRoutes()
        let outbox = Outbox()
        ScanPipeline(output: outbox.take, creators: creators)
            .addUnit(DecodeUnit()).addUnit(DuplicateFilter()).addUnit(ClassifyUnit())
            .addUnit(PaymentsOffUnit()).addUnit(RouteUnit()).scan()
        #expect(
            outbox.items == [routes.link, routes.product, routes.text],
            "A unit put between the classifier and the router stops payment codes; the rest still flows"
        )
    }
}
