import ScanCapstone
import ScanKit
import State
import Testing

/// Step 2: the flags become the State kata's view model, with one object per state.
@MainActor
@Suite("Step 2 — the screen's states are objects")
struct Step2ScanView {
    @Test(
        "what the screen shows is its current state's decision: a single-code state of the test's shows one code [2.1]"
    )
    func theCurrentStateDecidesTheDisplay() {
        let screen = standardScreen()
        screen.register(PayloadSingleState(), as: .singleCode)
        #expect(screen.display == .viewfinder, "Nothing scanned yet: the standard no-code state")
        screen.scanWithCamera([frame(1, [Codes.payment])])
        #expect(
            screen.display == .message("One: 251234567890123456"),
            "One code: the state registered as single code decides what shows")
        screen.scanWithCamera([frame(2, [Codes.link, Codes.text])])
        #expect(
            screen.display == .picker([Codes.link, Codes.text]),
            "Two codes: the standard multi-code state")
        screen.register(MessageState(message: "Ready"), as: .noCode)
        screen.scanWithCamera([frame(3)])
        #expect(screen.display == .message("Ready"), "No code: the no-code state registered last")

        let late = standardScreen()
        late.scanWithCamera([frame(5, [Codes.link])])
        late.tap(0)
        late.register(PayloadSingleState(), as: .singleCode)
        #expect(
            late.display == .message("One: https://shop.example/p/1"),
            "A state registered while the screen is in it shows at once, with the codes on screen")
        #expect(late.opened == [Codes.link], "Registering a state forgets nothing the screen did")
        late.register(MessageState(message: "Seen", onScan: ScanTransition(to: .noCode)), as: .singleCode)
        #expect(
            late.display == .message("Seen"),
            "It shows what is on screen: no frame is scanned again for it, so its move on one isn't made")

        let picking = standardScreen()
        picking.register(MessageState(message: "Pick one"), as: .multiCode)
        picking.scanWithCamera([frame(4, [Codes.link, Codes.text])])
        #expect(
            picking.display == .message("Pick one"),
            "Several codes: the multi-code state decides, even when it shows no picker")
    }

    @Test(
        "every frame of a session goes to the current state, in order, one holding the codes on screen too [2.6]"
    )
    func everyFrameGoesToTheState() {
        let screen = standardScreen()
        screen.register(MessageState(message: "Seen", onScan: ScanTransition(to: .noCode)), as: .singleCode)
        screen.scanWithCamera([frame(1, [Codes.link])])
        #expect(screen.display == .message("Seen"), "One code: the single-code state of the test")
        screen.scanWithCamera([frame(2, [Codes.link])])
        #expect(
            screen.display == .viewfinder,
            "The same code again is still a frame for the current state, which moves to no code")
        screen.scanWithCamera([frame(3, [Codes.text]), frame(3, [Codes.text]), frame(3, [Codes.text])])
        #expect(
            screen.display == .message("Seen"),
            "One frame delivered three times: no code → single, single → no code, no code → single"
        )
    }

    @Test(
        "a tap does what the current state decides: a multi-code state of the test's opens the last code [2.2]"
    )
    func theCurrentStateDecidesTheTap() {
        let screen = standardScreen()
        screen.register(LastCodeMultiState(), as: .multiCode)
        screen.scanWithCamera([frame(1, [Codes.link, Codes.product8, Codes.text])])
        screen.tap(0)
        screen.tap(99)
        #expect(
            screen.opened == [Codes.text, Codes.text],
            "The state opens the last code, wherever the tap lands")
        #expect(screen.routed.count == 3, "Routing is the pipeline's business, whatever the state")

        let tapToPay = standardScreen()
        tapToPay.register(MessageState(message: "Pay?"), as: .confirmPayment)
        tapToPay.register(
            MessageState(message: "Tap to pay", onTap: .transition(ScanTransition(to: .confirmPayment))),
            as: .noCode)
        tapToPay.tap(0)
        #expect(
            tapToPay.display == .message("Pay?"),
            "A tap with no code on screen still goes to the state, and its move is made")
        let helpOnTap = standardScreen()
        helpOnTap.register(MessageState(message: "Point at a code"), as: .confirmPayment)
        helpOnTap.register(
            ViewfinderState(onTap: .transition(ScanTransition(to: .confirmPayment))), as: .noCode)
        helpOnTap.tap(0)
        #expect(
            helpOnTap.display == .message("Point at a code"),
            "Even while the viewfinder shows, the tap goes to the state: what shows decides nothing")

        let indexed = standardScreen()
        indexed.register(IndexedSingleState(), as: .singleCode)
        indexed.scanWithCamera([frame(2, [Codes.product8])])
        indexed.tap(5)
        #expect(
            indexed.opened.isEmpty,
            "The tap's index goes to the state as it is: 5 opens nothing here")
        indexed.tap(0)
        #expect(indexed.opened == [Codes.product8], "…and 0 opens the code")
    }

    @Test(
        "a state registered under a new name is shown once a state's decision names it, and decides from there [2.3]"
    )
    func aNewStateIsReached() {
        let screen = standardScreen()
        screen.register(
            MessageState(message: "Pay?", onScan: nil, onTap: .open(Codes.payment)), as: .confirmPayment)
        screen.register(
            MessageState(
                message: "Scan a payment code",
                onScan: ScanTransition(to: .confirmPayment, codes: [Codes.payment])),
            as: .noCode)
        #expect(
            screen.display == .message("Scan a payment code"),
            "The registered no-code state shows at once")
        screen.scanWithCamera([frame(1, [Codes.payment])])
        #expect(
            screen.display == .message("Pay?"), "The no-code state's decision named the new state")
        screen.scanWithCamera([frame(2, [Codes.link])])
        #expect(
            screen.display == .message("Pay?"), "The new state stays put on a scan: its decision")
        screen.scanWithCamera([frame(3)])
        #expect(
            screen.display == .message("Pay?"), "An empty frame is a scan too, and the state stays"
        )
        screen.tap(5)
        #expect(
            screen.opened == [Codes.payment],
            "The new state's tap opens the payment, whatever the last frame held")
    }

    @Test(
        "each screen has its own states: one registered on a screen changes no other, and each is in its own state [2.4]"
    )
    func eachScreenHasItsOwnStates() {
        let custom = standardScreen()
        let plain = standardScreen()
        custom.register(MessageState(message: "Custom"), as: .noCode)
        #expect(custom.display == .message("Custom"), "The screen it was registered on shows it")
        #expect(plain.display == .viewfinder, "Another screen keeps its own no-code state")

        plain.scanWithCamera([frame(1, [Codes.link, Codes.text])])
        let third = standardScreen()
        third.scanWithCamera([frame(2, [Codes.product8])])
        #expect(
            plain.display == .picker([Codes.link, Codes.text]),
            "A scan on another screen moves only that one")
        #expect(third.display == .result(Codes.product8), "Each screen is in its own state")
        #expect(custom.display == .message("Custom"), "…and the first one was not moved at all")
        plain.tap(1)
        #expect(
            plain.opened == [Codes.text] && third.opened.isEmpty,
            "A tap opens a code on its own screen only")
    }

    @Test(
        "a decision that makes no sense is refused: the screen shows what it showed, and the codes are still routed [2.5]"
    )
    func nonsenseIsRefused() throws {
        let screen = standardScreen()
        screen.register(
            MessageState(message: "Stuck", onScan: ScanTransition(to: .nowhere), onTap: .open(Codes.emoji)),
            as: .noCode)
        screen.scanWithCamera([frame(1, [Codes.text])])
        #expect(
            screen.display == .message("Stuck"),
            "No state is registered as \"nowhere\": the screen stays")
        #expect(
            screen.routed == [.showText("Hello, shop")], "The scan's code is routed all the same")
        screen.tap(0)
        #expect(screen.opened.isEmpty, "A code that is not on screen can't be opened")

        let byIndex = standardScreen()
        byIndex.register(MessageState(message: "Pay?"), as: .confirmPayment)
        byIndex.register(
            ViewfinderState(onTapAt: {
                ScanAction.transition(ScanTransition(to: $0 == 0 ? .confirmPayment : .nowhere))
            }), as: .noCode)
        byIndex.tap(3)
        #expect(
            byIndex.display == .viewfinder,
            "A refused tap is refused: no other tap (at 0, say) is tried in its place")

        let fallback = standardScreen()
        fallback.register(
            ScriptedState(onScan: {
                $0.codes.isEmpty
                    ? ScanTransition(to: .singleCode, codes: [Codes.text]) : ScanTransition(to: .nowhere)
            }),
            as: .noCode)
        fallback.scanWithCamera([frame(1, [Codes.link])])
        #expect(
            fallback.display == .message("scripted"),
            "A refused frame is not replaced by another (an empty one) for the state to decide on")
        fallback.scanWithCamera([frame(2)])
        #expect(
            fallback.display == .result(Codes.text),
            "An empty frame goes to the no-code state too: whether it moves on one is the state's decision")

        let eager = standardScreen()
        eager.register(
            ScriptedState(onScan: { ScanTransition(to: .singleCode, codes: $0.codes) }), as: .noCode)
        eager.scanWithCamera([frame(1, [Codes.link, Codes.text]), frame(2, [Codes.product8])])
        #expect(
            eager.display == .result(Codes.product8),
            "Frame 1 (two codes for *single code*) is refused; frame 2 still goes to the state")
    }
}
