import ScanKit
import State
import Testing

/// Codes for the scan tests: `count` QR codes with distinct payloads.
func qrCodes(_ count: Int) throws -> [ScannedCode] {
    try (0..<count).map { try ScannedCode(payload: "https://shop.example/p/\($0)", symbology: .qr) }
}

/// A scanner paused by the person: it ignores the camera and says so; a tap resumes scanning.
///
/// Declared here, in the tests: the view has never heard of it, so it can't special-case it.
@MainActor
final class PausedScanState: ScanViewState {
    func display(in view: ScanView) -> ScanDisplay { .message("Scanner paused") }
    func didScan(_ frame: Frame, in view: ScanView) throws(ScanViewError) {}
    func didTap(_ index: Int, in view: ScanView) { try? view.switchTo(.noCode) }
}

extension ScanStateID {
    static let paused = ScanStateID("paused")
}

@Suite("State · Step 4 — The scan view's three states", .tags(.scan))
@MainActor
struct Step4ScanView {
    @Test("A scan's number of codes picks the state: 0, exactly 1, 2 or more", arguments: [0, 1, 2, 5])
    func codeCountPicksTheState(count: Int) throws {
        let view = ScanView()
        let codes = try qrCodes(count)
        try view.scan(Frame(number: 1, codes: codes))
        switch count {
        case 0:
            #expect(view.currentID == .noCode, "No code: keep scanning (step 4)")
            #expect(view.display == .viewfinder, "No code shows the viewfinder (step 4)")
        case 1:
            #expect(view.currentID == .singleCode, "Exactly one code: single code (step 4)")
            #expect(view.display == .result(codes[0]), "Single code shows that code's result (step 4)")
        default:
            #expect(view.currentID == .multiCode, "\(count) codes: multi code, from 2 on (step 4)")
            #expect(view.display == .picker(codes), "Multi code shows every code, in order, to pick (step 4)")
        }
        #expect(view.codes == codes, "The view keeps the scan's codes (step 4)")
    }

    @Test("A tap does nothing, opens the code, or opens the one picked")
    func tapsDependOnTheState() throws {
        let view = ScanView()
        view.tap(0)
        #expect(view.opened.isEmpty, "No code: a tap does nothing (step 4)")

        let one = try qrCodes(1)
        try view.scan(Frame(number: 1, codes: one))
        view.tap(0)
        #expect(view.opened == one, "Single code: a tap opens it (step 4)")

        let three = try qrCodes(3)
        try view.scan(Frame(number: 2, codes: three))
        view.tap(2)
        #expect(
            view.opened == one + [three[2]],
            "Multi code: a tap opens the code picked, the last one too (step 4)")
        view.tap(3)
        view.tap(-1)
        #expect(
            view.opened.count == 2, "A tap beside every code (index 3 of 3, or -1) opens nothing (step 4)")
        #expect(view.currentID == .multiCode, "Picking doesn't leave the state (step 4)")
    }

    @Test("The next scan moves on from any state, and each state is one object, kept")
    func nextScanMovesOn() throws {
        let view = ScanView()
        let single = try #require(view.state(for: .singleCode), "The view holds a single-code state (step 4)")
        let path = [2, 1, 0, 1, 3, 0]
        for (number, count) in path.enumerated() {
            try view.scan(Frame(number: number, codes: try qrCodes(count)))
        }
        #expect(view.currentID == .noCode, "After multi, single, none, single, multi, none: no code (step 4)")
        #expect(view.codes.isEmpty, "No code holds no codes (step 4)")
        #expect(
            view.state(for: .singleCode) === single,
            "The view keeps one object per state, made once, not a new one per switch (step 4)")
        #expect(view.state(for: .noCode) is NoCodeState, "No code is your NoCodeState (step 4)")
        #expect(view.state(for: .multiCode) is MultiCodeState, "Multi code is your MultiCodeState (step 4)")
    }

    @Test("A state declared elsewhere plugs in without changing the view or the three states")
    func fourthStatePlugsIn() throws {
        let view = ScanView()
        let paused = PausedScanState()
        view.register(paused, as: .paused)
        #expect(view.state(for: .paused) === paused, "The view holds the state it was given (step 4)")

        try view.switchTo(.paused)
        #expect(
            view.display == .message("Scanner paused"), "The view shows what the current state says (step 4)")
        try view.scan(Frame(number: 1, codes: try qrCodes(2)))
        #expect(
            view.currentID == .paused,
            "The paused state ignores scans: the state decides, not the view (step 4)")
        view.tap(0)
        #expect(view.currentID == .noCode, "The paused state's tap resumes scanning (step 4)")
        try view.scan(Frame(number: 2, codes: try qrCodes(1)))
        #expect(view.currentID == .singleCode, "…and the standard states take over again (step 4)")
    }

    @Test("Switching to a state nobody registered is refused, and the view stays as it was")
    func unregisteredStateIsRefused() throws {
        let view = ScanView()
        let codes = try qrCodes(2)
        try view.scan(Frame(number: 1, codes: codes))
        try #require(view.currentID == .multiCode, "Two codes: multi code (step 4)")
        #expect(
            throws: ScanViewError.unregisteredState(.paused),
            "An unknown state is refused with an error naming it (step 4)"
        ) {
            try view.switchTo(.paused)
        }
        #expect(view.currentID == .multiCode, "The view stays in its state (step 4)")
        #expect(view.codes == codes, "…with its codes (step 4)")
    }
}
