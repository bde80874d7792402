import KataTestSupport
import ScanKit
import State
import Testing

/// Codes for the scan tests: `count` QR codes with distinct payloads, numbered from `first`.
func qrCodes(_ count: Int, from first: Int = 0) throws -> [ScannedCode] {
    try (first..<first + count).map {
        try ScannedCode(payload: "https://shop.example/p/\($0)", symbology: .qr)
    }
}

/// A scanner paused by the person: it ignores the camera and shows its message; a tap resumes
/// scanning.
///
/// Declared here, in the tests: the view model has never heard of it, so it can't special-case
/// it. It carries data of its own, so the tests can tell which one the view model holds.
struct PausedScanState: ScanViewState {
    let message: String

    func display(for codes: [ScannedCode]) -> ScanDisplay { .message(message) }
    func didScan(_ frame: Frame) -> ScanTransition? { nil }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? {
        .transition(ScanTransition(to: .noCode))
    }
}

/// Another team's *no code* state: the viewfinder with a pause button.
///
/// A tap pauses; a scan does what the standard *no code* state does.
struct PauseButtonState: ScanViewState {
    func display(for codes: [ScannedCode]) -> ScanDisplay { .viewfinder }
    func didScan(_ frame: Frame) -> ScanTransition? { NoCodeState().didScan(frame) }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? {
        .transition(ScanTransition(to: .paused))
    }
}

/// A paused scanner declared as a class, as a team whose state keeps data of its own might.
final class PausedByAClass: ScanViewState {
    func display(for codes: [ScannedCode]) -> ScanDisplay { .message("Paused") }
    func didScan(_ frame: Frame) -> ScanTransition? { nil }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? {
        .transition(ScanTransition(to: .noCode))
    }
}

/// A state that decides whatever the test tells it to, sense or nonsense.
struct ScriptedScanState: ScanViewState {
    var onScan: ScanTransition?
    var onTap: ScanAction?

    func display(for codes: [ScannedCode]) -> ScanDisplay { .message("scripted") }
    func didScan(_ frame: Frame) -> ScanTransition? { onScan }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? { onTap }
}

extension ScanStateID {
    static let paused = ScanStateID("paused")
}

/// A view model whose *multi code* state is `scripted`, brought there by a scan of two codes,
/// which it shows.
@MainActor
private func modelInScriptedState(_ scripted: ScriptedScanState) throws -> ScanViewModel {
    let model = ScanViewModel()
    model.register(scripted, as: .multiCode)
    try model.scan(Frame(number: 1, codes: try qrCodes(2)))
    try #require(
        model.currentID == .multiCode && model.display == .message("scripted"),
        "Two codes: the state registered as multi code answers")
    return model
}

@Suite(
    "State · Step 6 — The scan view model's three states", .tags(.scan),
    .noEscapeHatches("State", rule: "1.2"))
@MainActor
struct Step6ScanViewModel {
    @Test(
        "A scan's number of codes picks the state: 0, exactly 1, 2 or more [6.2, 6.3]",
        arguments: [0, 1, 2, 5])
    func codeCountPicksTheState(count: Int) throws {
        let model = ScanViewModel()
        try model.scan(Frame(number: 1, codes: try qrCodes(3, from: 10)))
        try #require(model.currentID == .multiCode, "Three codes: multi code, whatever comes next")
        let codes = try qrCodes(count)
        try model.scan(Frame(number: 2, codes: codes))
        switch count {
        case 0:
            #expect(model.currentID == .noCode, "No code: keep scanning")
            #expect(model.display == .viewfinder, "No code shows the viewfinder")
        case 1:
            #expect(model.currentID == .singleCode, "Exactly one code: single code")
            #expect(model.display == .result(codes[0]), "Single code shows that code's result")
        default:
            #expect(model.currentID == .multiCode, "\(count) codes: multi code, from 2 on")
            #expect(
                model.display == .picker(codes), "Multi code shows every code, in order, to pick")
        }
        #expect(model.codes == codes, "The view model keeps the scan's codes")
    }

    @Test("A tap does nothing, opens the code, or opens the one picked [6.4]")
    func tapsDependOnTheState() throws {
        let model = ScanViewModel()
        try model.tap(0)
        #expect(model.opened.isEmpty, "No code: a tap does nothing")

        let one = try qrCodes(1)
        try model.scan(Frame(number: 1, codes: one))
        try model.tap(0)
        #expect(model.opened == one, "Single code: a tap opens it")
        try model.tap(0)
        #expect(model.opened == one + one, "A second tap opens it again, and opened says so")

        let three = try qrCodes(3)
        try model.scan(Frame(number: 2, codes: three))
        try model.tap(2)
        #expect(
            model.opened == one + one + [three[2]],
            "Multi code: a tap opens the code picked, the last one too")
        try model.tap(3)
        try model.tap(-1)
        #expect(
            model.opened.count == 3, "A tap beside every code (index 3 of 3, or -1) opens nothing")
        try model.tap(2)
        #expect(
            model.opened == one + one + [three[2], three[2]],
            "Picking the same code again opens it again: opened lists every opening, oldest first")
        #expect(model.currentID == .multiCode, "Picking doesn't leave the state")
    }

    @Test("The next scan moves on from any state, and the three states are yours [6.1, 6.3]")
    func nextScanMovesOn() throws {
        let model = ScanViewModel()
        let path = [2, 1, 0, 1, 3, 0]
        for (number, count) in path.enumerated() {
            try model.scan(Frame(number: number, codes: try qrCodes(count)))
        }
        #expect(
            model.currentID == .noCode, "After multi, single, none, single, multi, none: no code")
        #expect(model.codes.isEmpty, "No code holds no codes")
        #expect(model.state(for: .noCode) is NoCodeState, "No code is your NoCodeState")
        #expect(
            model.state(for: .singleCode) is SingleCodeState, "Single code is your SingleCodeState"
        )
        #expect(
            model.state(for: .multiCode) is MultiCodeState, "Multi code is your MultiCodeState")
    }

    @Test(
        "The three states decide by themselves: each returns its decision, given only the codes [6.3, 6.4]"
    )
    func statesReturnTheirDecisions() throws {
        let one = try qrCodes(1)
        let two = try qrCodes(2)
        #expect(
            NoCodeState().didScan(Frame(number: 1, codes: two)) == ScanTransition(to: .multiCode, codes: two),
            "A scan of two codes: switch to multi code, with them")
        #expect(
            MultiCodeState().didScan(Frame(number: 1, codes: one))
                == ScanTransition(to: .singleCode, codes: one),
            "A scan of one code: switch to single code, with it")
        #expect(
            SingleCodeState().didScan(Frame(number: 1)) == ScanTransition(to: .noCode),
            "A scan of no code: switch to no code, with no codes")
        #expect(
            SingleCodeState().didTap(5, on: one) == .open(one[0]),
            "Single code: a tap opens it, wherever it lands")
        #expect(
            MultiCodeState().didTap(1, on: two) == .open(two[1]),
            "Multi code: a tap opens the one picked")
        #expect(NoCodeState().didTap(0, on: []) == nil, "No code: a tap decides nothing")
        let standard: [(ScanStateID, any ScanViewState)] = [
            (.noCode, NoCodeState()), (.singleCode, SingleCodeState()), (.multiCode, MultiCodeState()),
        ]
        for (name, state) in standard {
            for count in 0...3 {
                let codes = try qrCodes(count, from: 20)
                let expected =
                    switch count {
                    case 0: ScanTransition(to: .noCode)
                    case 1: ScanTransition(to: .singleCode, codes: codes)
                    default: ScanTransition(to: .multiCode, codes: codes)
                    }
                #expect(
                    state.didScan(Frame(number: count, codes: codes)) == expected,
                    "\(name), a scan of \(count) codes decides \(expected), even where it is already: never nil"
                )
            }
        }
    }

    @Test(
        "A state declared elsewhere plugs in, asks for a move, and the view model applies it [6.5, 6.2]")
    func fourthStatePlugsIn() throws {
        let model = ScanViewModel()
        model.register(PausedScanState(message: "Scanner paused"), as: .paused)
        model.register(PauseButtonState(), as: .noCode)
        #expect(
            (model.state(for: .paused) as? PausedScanState)?.message == "Scanner paused",
            "The view model holds the state it was given")

        try model.tap(0)
        #expect(
            model.currentID == .paused,
            "The pause button's tap asked for the paused state, and the view model moved there")
        #expect(
            model.display == .message("Scanner paused"),
            "The view model shows what the current state says")
        try model.scan(Frame(number: 1, codes: try qrCodes(2)))
        #expect(
            model.currentID == .paused,
            "The paused state ignores scans: the state decides, not the view model")
        try model.tap(0)
        #expect(model.currentID == .noCode, "The paused state's tap resumes scanning")
        let one = try qrCodes(1)
        try model.scan(Frame(number: 2, codes: one))
        #expect(
            model.currentID == .singleCode && model.display == .result(one[0]),
            "…and the standard states take over again")
    }

    @Test("Registering under a name already held replaces that state, a standard one too [6.5]")
    func registerReplaces() throws {
        let model = ScanViewModel()
        model.register(PauseButtonState(), as: .noCode)
        model.register(PausedScanState(message: "Paused by Ana"), as: .paused)
        model.register(PausedScanState(message: "Paused by Ben"), as: .paused)
        try model.tap(0)
        #expect(
            model.display == .message("Paused by Ben"), "The last state registered for a name wins"
        )

        model.register(PausedScanState(message: "One code: hold still"), as: .singleCode)
        try model.tap(0)
        try model.scan(Frame(number: 1, codes: try qrCodes(1)))
        #expect(
            model.display == .message("One code: hold still"),
            "A scan switches by name, so the state registered as single code answers")

        let pausedByAClass = PausedByAClass()
        model.register(pausedByAClass, as: .paused)
        #expect(
            model.state(for: .paused) as? PausedByAClass === pausedByAClass,
            "A state may be a class: the view model keeps the very object it was given")
    }

    @Test(
        "A decision that names no registered state is refused, and the view model stays as it was [6.6]",
        arguments: [false, true])
    func unregisteredStateIsRefused(byTap: Bool) throws {
        let resume = ScanTransition(to: .paused)
        let model = try modelInScriptedState(ScriptedScanState(onScan: resume, onTap: .transition(resume)))
        let codes = model.codes
        #expect(
            throws: ScanViewError.unregisteredState(.paused),
            "A move to a state nobody registered is refused with an error naming it, by \(byTap ? "a tap" : "a scan")"
        ) {
            if byTap { try model.tap(0) } else { try model.scan(Frame(number: 2)) }
        }
        #expect(model.currentID == .multiCode, "The view model stays in its state")
        #expect(model.codes == codes, "…with its codes")
    }

    @Test(
        "Whatever a state decides, no code holds none, single code exactly one, multi code two or more [6.7]",
        arguments: [
            (ScanStateID.noCode, 1), (.noCode, 2), (.singleCode, 0), (.singleCode, 2), (.multiCode, 0),
            (.multiCode, 1),
        ])
    func nonsenseIsRefused(next: ScanStateID, count: Int) throws {
        let nonsense = ScanTransition(to: next, codes: try qrCodes(count, from: 10))
        for byTap in [false, true] {
            let model = try modelInScriptedState(
                ScriptedScanState(onScan: nonsense, onTap: .transition(nonsense)))
            let codes = model.codes
            #expect(
                throws: ScanViewError.wrongCodeCount(next, count: count),
                "\(next) with \(count) code(s) makes no sense: refused, by \(byTap ? "a tap" : "a scan")"
            ) {
                if byTap { try model.tap(0) } else { try model.scan(Frame(number: 2)) }
            }
            #expect(
                model.currentID == .multiCode && model.codes == codes,
                "A refused decision leaves the view model in its state, with its codes")
        }
    }

    @Test(
        "A state's move with the codes that fit is applied: 0, exactly 1, 2, and any for a team's own state [6.7, 6.5]",
        arguments: [(ScanStateID.noCode, 0), (.singleCode, 1), (.multiCode, 2), (.paused, 0), (.paused, 3)])
    func sensibleMovesAreApplied(next: ScanStateID, count: Int) throws {
        let codes = try qrCodes(count, from: 10)
        let move = ScanTransition(to: next, codes: codes)
        for byTap in [false, true] {
            let model = try modelInScriptedState(ScriptedScanState(onScan: move, onTap: .transition(move)))
            model.register(PausedScanState(message: "Scanner paused"), as: .paused)
            if byTap { try model.tap(0) } else { try model.scan(Frame(number: 2)) }
            #expect(
                model.currentID == next && model.codes == codes,
                "\(next) with \(count) code(s) fits: the view model moves there, by \(byTap ? "a tap" : "a scan")"
            )
        }
    }

    @Test("A state may open only a code on screen [6.8]")
    func openOnlyWhatIsOnScreen() throws {
        let elsewhere = try qrCodes(1, from: 10)[0]
        let model = try modelInScriptedState(ScriptedScanState(onTap: .open(elsewhere)))
        #expect(
            throws: ScanViewError.codeNotOnScreen(elsewhere),
            "Opening a code that is not on screen is refused with an error naming it"
        ) {
            try model.tap(0)
        }
        #expect(model.opened.isEmpty, "…and nothing is opened")

        // Near misses: the payload of a code on screen, printed another way or seen elsewhere
        // (a code of an earlier frame), or its payload in other case or with spaces around it.
        let onScreen = model.codes[1]
        let nearMisses = [
            try ScannedCode(payload: onScreen.payload, symbology: .dataMatrix),
            try ScannedCode(
                payload: onScreen.payload, symbology: .qr,
                bounds: CodeBounds(x: 0.1, y: 0.2, width: 0.3, height: 0.3)),
            try ScannedCode(payload: onScreen.payload.uppercased(), symbology: .qr),
            try ScannedCode(payload: " \(onScreen.payload) ", symbology: .qr),
        ]
        for nearMiss in nearMisses {
            model.register(ScriptedScanState(onTap: .open(nearMiss)), as: .multiCode)
            #expect(
                throws: ScanViewError.codeNotOnScreen(nearMiss),
                "\(nearMiss) is not on screen, though a code with a payload like it is: refused"
            ) {
                try model.tap(0)
            }
        }
        #expect(model.opened.isEmpty, "…and none of them is opened")

        model.register(ScriptedScanState(onTap: .open(onScreen)), as: .multiCode)
        try model.tap(0)
        #expect(model.opened == [onScreen], "A code on screen opens")
    }

    @Test("The picker keeps the frame's order, whatever the codes say, and row i opens code i [6.2, 6.4]")
    func pickerKeepsTheFramesOrder() throws {
        // Neither in payload order nor in any other: p/2 before p/10, upper case after lower.
        let payloads = [
            "https://shop.example/p/2", "https://shop.example/p/10", "HTTPS://SHOP.EXAMPLE/P/1",
            "https://shop.example/p/1",
        ]
        let codes = try payloads.map { try ScannedCode(payload: $0, symbology: .qr) }
        let model = ScanViewModel()
        try model.scan(Frame(number: 1, codes: codes))
        #expect(
            model.display == .picker(codes),
            "Multi code shows the codes in the frame's order, never sorted")
        for index in codes.indices { try model.tap(index) }
        #expect(model.opened == codes, "Row i of the picker opens code i of the frame")
    }

    @Test(
        "A frame that lists one code twice holds two codes: multi code, with both copies [6.9, 6.2, 6.3]",
        arguments: [2, 3])
    func aCodeListedTwiceCountsTwice(copies: Int) throws {
        let code = try qrCodes(1, from: 7)[0]
        let other = try qrCodes(1, from: 8)[0]
        let model = ScanViewModel()
        let frame = Array(repeating: code, count: copies)
        try model.scan(Frame(number: 1, codes: frame))
        #expect(
            model.currentID == .multiCode && model.codes == frame,
            "\(copies) copies of one code are \(copies) codes: multi code, with every copy")
        #expect(model.display == .picker(frame), "The picker lists every copy")

        let withAnother = [code, other, code]
        try model.scan(Frame(number: 2, codes: withAnother))
        #expect(
            model.codes == withAnother,
            "A repeat among other codes stays where the frame lists it")
        #expect(
            NoCodeState().didScan(Frame(number: 3, codes: frame))
                == ScanTransition(to: .multiCode, codes: frame),
            "The state's own decision counts every copy")
    }

    @Test("A code opened in an earlier frame is not on screen any more: opening it again is refused [6.8]")
    func openedEarlierIsNotOnScreen() throws {
        let model = ScanViewModel()
        let first = try qrCodes(1)
        try model.scan(Frame(number: 1, codes: first))
        try model.tap(0)
        try #require(model.opened == first, "A tap in single code opens its code")
        model.register(ScriptedScanState(onTap: .open(first[0])), as: .multiCode)
        try model.scan(Frame(number: 2, codes: try qrCodes(2, from: 10)))
        #expect(
            throws: ScanViewError.codeNotOnScreen(first[0]),
            "On screen means among the codes now, not among those opened before"
        ) { try model.tap(0) }
        #expect(model.opened == first, "Nothing more is opened")
    }

}
