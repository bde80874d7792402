import ChainOfResponsibility
import KataTestSupport
import Proxy
import ScanCapstone
import ScanKit
import State
import Testing

/// Step 4: three changes, each made from this file alone.
///
/// On the legacy screen each of them meant
/// editing the controller.
@MainActor
@Suite("Step 4 — three changes from the test file alone")
struct Step4Payoff {
    // swift-format-ignore: NeverUseForceTry
    static let wifi = try! code("WIFI:S:Shop guests;T:WPA;P:basket;;")

    @Test(
        "a new unit: Wi-Fi codes go to a joiner put before the classifier, and every other code goes where it went [4.1]"
    )
    func aNewUnit() {
        let joiner = WifiJoiner()
        let screen = ScanScreen(
            capabilities: ScanScreen.standardCapabilities(),
            units: [DecodeUnit(), DuplicateFilter(), joiner, ClassifyUnit(), RouteUnit()])
        screen.scanWithCamera([frame(1, [Self.wifi, Codes.product8]), frame(2, [Self.wifi])])
        #expect(
            joiner.joined == ["WIFI:S:Shop guests;T:WPA;P:basket;;"],
            "The joiner took the Wi-Fi code, once")
        #expect(
            screen.routed == [.showProduct(gtin: "96385074")],
            "It was never routed as text; the product was")
        #expect(screen.display == .result(Self.wifi), "The screen shows what the frame holds")
    }

    @Test("a new state: a payment code alone on screen asks to confirm, and a tap confirms it [4.2]")
    func aNewState() {
        let screen = standardScreen()
        screen.register(ConfirmingSingleState(), as: .singleCode)
        screen.register(ConfirmPaymentState(), as: .confirmPayment)
        screen.scanWithCamera([frame(1, [Codes.link])])
        #expect(screen.display == .result(Codes.link), "A link alone shows as before")
        screen.scanWithCamera([frame(2, [Codes.payment])])
        #expect(
            screen.display == .message("Pay 251234567890123456?"), "A payment alone asks first")
        #expect(screen.opened.isEmpty, "Nothing is paid before the tap")
        screen.tap(0)
        #expect(screen.opened == [Codes.payment], "The tap confirms")
        #expect(
            screen.routed == [.openLink(Codes.linkURL), .pay(code: "251234567890123456")],
            "Routing is unchanged")
    }

    @Test(
        "a substituted decoder: one that reads the left half of the frame decides what shows and what is routed [4.3]"
    )
    func aSubstitutedDecoder() {
        let capabilities = ScanScreen.standardCapabilities()
        capabilities.register(LeftHalfDecoder() as any CodeDecoding, for: (any CodeDecoding).self)
        let screen = ScanScreen(capabilities: capabilities)
        screen.scanWithCamera([frame(1, [Codes.link, Codes.payment, Codes.product8])])
        #expect(
            screen.display == .picker([Codes.link, Codes.product8]),
            "The payment code is in the right half")
        #expect(
            screen.routed == [.openLink(Codes.linkURL), .showProduct(gtin: "96385074")],
            "Only what the substitute found is routed")
    }

    @Test("nothing of the legacy is left: no flag, no seen set, no string-keyed table [4.5]")
    func legacyIsGone() throws {
        // The screen's own files; the learner's net (Net/) is tests, not the screen.
        let left = try EscapeHatches.leftovers(
            inPattern: "ScanCapstone",
            names: ["hasResult", "isMulti", "selectedIndex", "seenKeys", "LegacyServiceTable"],
            texts: ["\"CodeDecoding\""])
        #expect(
            left.isEmpty,
            "Dead legacy code, left after steps 1 to 3 made it dead: \(left.joined(separator: ", "))")
    }

    @Test("all three on one screen, and a standard screen beside it still does what the legacy did [4.4]")
    func allThreeAtOnce() throws {
        let capabilities = ScanScreen.standardCapabilities()
        capabilities.register(LeftHalfDecoder() as any CodeDecoding, for: (any CodeDecoding).self)
        let joiner = WifiJoiner()
        let changed = ScanScreen(
            capabilities: capabilities,
            units: [DecodeUnit(), DuplicateFilter(), joiner, ClassifyUnit(), RouteUnit()])
        changed.register(ConfirmingSingleState(), as: .singleCode)
        changed.register(ConfirmPaymentState(), as: .confirmPayment)
        let standard = standardScreen()
        let wifiLeft = Self.wifi
        let paymentLeft = try code("281234567890123456", at: 0.2)
        for screen in [changed, standard] {
            screen.scanWithCamera([
                frame(1, [wifiLeft, Codes.payment]), frame(2, [paymentLeft, Codes.text]),
            ])
        }
        #expect(joiner.joined.count == 1, "The joiner took the Wi-Fi code")
        #expect(
            changed.display == .message("Pay 281234567890123456?"),
            "Left half only: one payment, to confirm")
        #expect(
            changed.routed == [.pay(code: "281234567890123456")], "Only the left payment is routed"
        )

        var model = LegacyScreenModel()
        model.apply(.camera([frame(1, [wifiLeft, Codes.payment]), frame(2, [paymentLeft, Codes.text])]))
        #expect(
            model.difference(from: standard) == nil,
            "The standard screen still does what the legacy did")
    }
}

/// The team's move on a scan: a payment code alone goes to confirmation; anything else moves as
/// the standard states do.
func confirmingMove(_ frame: Frame) -> ScanTransition {
    guard frame.codes.count == 1, frame.codes[0].payload.count == 18, frame.codes[0].payload.hasPrefix("2")
    else { return byCodeCount(frame) }
    return ScanTransition(to: .confirmPayment, codes: frame.codes)
}

/// The team's *single code* state: a payment code alone goes to confirmation; any other code
/// shows its result, as the standard one does.
@MainActor
struct ConfirmingSingleState: ScanViewState {
    func display(for codes: [ScannedCode]) -> ScanDisplay {
        codes.first.map(ScanDisplay.result) ?? .viewfinder
    }
    func didScan(_ frame: Frame) -> ScanTransition? { confirmingMove(frame) }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? { codes.first.map(ScanAction.open) }
}

/// Waits for the person to confirm a payment: shows the amount's code, a tap confirms, a scan
/// moves on.
@MainActor
struct ConfirmPaymentState: ScanViewState {
    func display(for codes: [ScannedCode]) -> ScanDisplay { .message("Pay \(codes.first?.payload ?? "")?") }
    func didScan(_ frame: Frame) -> ScanTransition? { confirmingMove(frame) }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? { codes.first.map(ScanAction.open) }
}
