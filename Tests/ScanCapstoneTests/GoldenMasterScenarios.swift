// swift-format-ignore-file: NeverUseForceTry, NeverForceUnwrap

// Why: fixtures, valid by construction; a table of `try` calls inside every test would hide what
// each scenario does.
import Foundation
import ScanKit

/// The codes the scenarios use: one of every kind, and the near misses a refactoring gets wrong.
enum Codes {
    static let link = try! code("https://shop.example/p/1")
    static let linkURL = URL(string: "https://shop.example/p/1")!
    static let linkMoved = try! code("https://shop.example/p/1", at: 0.5)
    static let shoutedLink = try! code("HTTPS://SHOP.EXAMPLE/P/2")
    static let oneSlash = try! code("https:/shop.example/p/3")
    static let ftp = try! code("ftp://files.example")
    static let product13 = try! code("4006381333931", .ean13)
    static let product13AsText = try! code("4006381333931", .code128)
    static let product8 = try! code("96385074", .ean8, at: 0.3)
    static let payment = try! code("251234567890123456", .qr, at: 0.6)
    static let payment30 = try! code("301234567890123456", .code128)
    static let belowPayments = try! code("241234567890123456")
    static let abovePayments = try! code("311234567890123456")
    static let seventeenDigits = try! code("25123456789012345")
    static let arabicIndicDigits = try! code("٢٥١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦")
    static let text = try! code("Hello, shop", .dataMatrix, at: 0.8)
    static let newline = try! code("line one\nline two")
    static let emoji = try! code("🛒 basket", .dataMatrix)
    static let padded = try! code(" Hello, shop \n", .dataMatrix)
    static let spaces = try! code("   ", .code128, at: 0.4)
    static let keyLookalike = try! code("qr:https://shop.example/p/1", .code128)
}

/// Every scenario of the golden master, in order.
///
/// Each starts from a fresh standard screen.
let goldenScenarios: [Scenario] = [
    Scenario(title: "a tap before anything is scanned does nothing", actions: [.tap(0), .tap(-1)]),
    Scenario(title: "a frame with no code keeps the viewfinder", actions: [.camera([frame(1)]), .tap(0)]),
    Scenario(
        title: "one link: its result, opened by a tap anywhere",
        actions: [.camera([frame(1, [Codes.link])]), .tap(0), .tap(5), .tap(-1)]),
    Scenario(
        title: "one code seen as the phone moves is routed once",
        actions: [.camera([frame(1, [Codes.link]), frame(2, [Codes.linkMoved]), frame(3, [Codes.link])])]),
    Scenario(
        title: "the same payload in another symbology is another code",
        actions: [.camera([frame(1, [Codes.product13]), frame(2, [Codes.product13AsText])])]),
    Scenario(
        title: "several codes in one frame: a picker, every code routed, a tap opens the one under it",
        actions: [
            .camera([frame(1, [Codes.link, Codes.product8, Codes.payment, Codes.text])]),
            .tap(2), .tap(4), .tap(-1), .tap(Int.max), .tap(Int.min), .tap(0), .tap(2),
        ]),
    Scenario(
        title: "a duplicate inside one frame is shown and routed once",
        actions: [.camera([frame(1, [Codes.link, Codes.linkMoved])]), .tap(1)]),
    Scenario(
        title: "a new camera session forgets the codes of the last one",
        actions: [.camera([frame(1, [Codes.link])]), .camera([frame(2, [Codes.link])])]),
    Scenario(
        title: "each frame changes the screen; the last one decides",
        actions: [
            .camera([frame(1, [Codes.link, Codes.text]), frame(2, [Codes.payment]), frame(3)]),
            .tap(0),
        ]),
    Scenario(
        title: "a camera session with no frames changes nothing",
        actions: [.camera([frame(1, [Codes.payment30])]), .camera([]), .tap(3)]),
    Scenario(
        title: "a code on screen again, beside a new one: both shown, only the new one routed",
        actions: [.camera([frame(1, [Codes.link]), frame(2, [Codes.linkMoved, Codes.emoji])]), .tap(1)]),
    Scenario(
        title: "the album: nothing picked changes nothing; each import is a session of its own",
        actions: [
            .album(nil), .album(frame(7, [Codes.product13])), .album(frame(7, [Codes.product13])), .tap(0),
            .album(frame(8)),
        ]),
    Scenario(
        title: "camera, then album, then camera: three sessions",
        actions: [
            .camera([frame(1, [Codes.text])]), .album(frame(2, [Codes.text, Codes.link])), .tap(1),
            .camera([frame(3, [Codes.text])]),
        ]),
    Scenario(
        title: "from a picker to one code: a tap anywhere opens the one code",
        actions: [
            .camera([frame(1, [Codes.link, Codes.product8])]), .tap(1), .camera([frame(2, [Codes.text])]),
            .tap(7),
        ]),
    Scenario(
        title: "links: any case of http(s)://, and near misses that are text",
        actions: [.camera([frame(1, [Codes.shoutedLink, Codes.oneSlash, Codes.ftp, Codes.keyLookalike])])]),
    Scenario(
        title: "payment codes: 18 ASCII digits from 25 to 30, and near misses that are text",
        actions: [
            .camera([
                frame(1, [Codes.payment, Codes.payment30]),
                frame(2, [Codes.belowPayments, Codes.abovePayments]),
                frame(3, [Codes.seventeenDigits, Codes.arabicIndicDigits]),
            ])
        ]),
    Scenario(
        title: "payloads with new lines and emoji are shown and routed as they are",
        actions: [.camera([frame(1, [Codes.newline]), frame(2, [Codes.emoji, Codes.newline])]), .tap(0)]),
    Scenario(
        title: "spaces around a payload, or only spaces, are the payload",
        actions: [.camera([frame(1, [Codes.padded, Codes.spaces, Codes.text])]), .tap(1)]),
    Scenario(
        title: "a frame delivered twice is two frames",
        actions: [
            .camera([frame(1, [Codes.link, Codes.text]), frame(1, [Codes.link, Codes.text])]), .tap(0),
        ]),
]
