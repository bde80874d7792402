import ScanKit
import State
import Testing

/// Codes for the scan tests: `count` QR codes with distinct payloads.
func qrCodes(_ count: Int) throws -> [ScannedCode] {
    try (0..<count).map { try ScannedCode(payload: "https://shop.example/p/\($0)", symbology: .qr) }
}

/// A scanner paused by the person: it ignores the camera and shows its message; a tap resumes
/// scanning.
///
/// Declared here, in the tests: the view model has never heard of it, so it can't special-case
/// it. It carries data of its own, so the tests can tell which one the view model holds.
struct PausedScanState: ScanViewState {
    let message: String

    func display(in model: ScanViewModel) -> ScanDisplay { .message(message) }
    func didScan(_ frame: Frame, in model: ScanViewModel) throws(ScanViewError) {}
    func didTap(_ index: Int, in model: ScanViewModel) { try? model.switchTo(.noCode) }
}

extension ScanStateID {
    static let paused = ScanStateID("paused")
}

@Suite("State · Step 5 — The scan view model's three states", .tags(.scan))
@MainActor
struct Step5ScanViewModel {
    @Test("A scan's number of codes picks the state: 0, exactly 1, 2 or more", arguments: [0, 1, 2, 5])
    func codeCountPicksTheState(count: Int) throws {
        let model = ScanViewModel()
        let codes = try qrCodes(count)
        try model.scan(Frame(number: 1, codes: codes))
        switch count {
        case 0:
            #expect(model.currentID == .noCode, "No code: keep scanning (step 5)")
            #expect(model.display == .viewfinder, "No code shows the viewfinder (step 5)")
        case 1:
            #expect(model.currentID == .singleCode, "Exactly one code: single code (step 5)")
            #expect(model.display == .result(codes[0]), "Single code shows that code's result (step 5)")
        default:
            #expect(model.currentID == .multiCode, "\(count) codes: multi code, from 2 on (step 5)")
            #expect(
                model.display == .picker(codes), "Multi code shows every code, in order, to pick (step 5)")
        }
        #expect(model.codes == codes, "The view model keeps the scan's codes (step 5)")
    }

    @Test("A tap does nothing, opens the code, or opens the one picked")
    func tapsDependOnTheState() throws {
        let model = ScanViewModel()
        model.tap(0)
        #expect(model.opened.isEmpty, "No code: a tap does nothing (step 5)")

        let one = try qrCodes(1)
        try model.scan(Frame(number: 1, codes: one))
        model.tap(0)
        #expect(model.opened == one, "Single code: a tap opens it (step 5)")

        let three = try qrCodes(3)
        try model.scan(Frame(number: 2, codes: three))
        model.tap(2)
        #expect(
            model.opened == one + [three[2]],
            "Multi code: a tap opens the code picked, the last one too (step 5)")
        model.tap(3)
        model.tap(-1)
        #expect(
            model.opened.count == 2, "A tap beside every code (index 3 of 3, or -1) opens nothing (step 5)")
        #expect(model.currentID == .multiCode, "Picking doesn't leave the state (step 5)")
    }

    @Test("The next scan moves on from any state, and the three states are yours")
    func nextScanMovesOn() throws {
        let model = ScanViewModel()
        let path = [2, 1, 0, 1, 3, 0]
        for (number, count) in path.enumerated() {
            try model.scan(Frame(number: number, codes: try qrCodes(count)))
        }
        #expect(
            model.currentID == .noCode, "After multi, single, none, single, multi, none: no code (step 5)")
        #expect(model.codes.isEmpty, "No code holds no codes (step 5)")
        #expect(model.state(for: .noCode) is NoCodeState, "No code is your NoCodeState (step 5)")
        #expect(
            model.state(for: .singleCode) is SingleCodeState, "Single code is your SingleCodeState (step 5)")
        #expect(model.state(for: .multiCode) is MultiCodeState, "Multi code is your MultiCodeState (step 5)")
    }

    @Test("A state declared elsewhere plugs in without changing the view model or the three states")
    func fourthStatePlugsIn() throws {
        let model = ScanViewModel()
        model.register(PausedScanState(message: "Scanner paused"), as: .paused)
        #expect(
            (model.state(for: .paused) as? PausedScanState)?.message == "Scanner paused",
            "The view model holds the state it was given (step 5)")

        try model.switchTo(.paused)
        #expect(
            model.display == .message("Scanner paused"),
            "The view model shows what the current state says (step 5)")
        try model.scan(Frame(number: 1, codes: try qrCodes(2)))
        #expect(
            model.currentID == .paused,
            "The paused state ignores scans: the state decides, not the view model (step 5)")
        model.tap(0)
        #expect(model.currentID == .noCode, "The paused state's tap resumes scanning (step 5)")
        try model.scan(Frame(number: 2, codes: try qrCodes(1)))
        #expect(model.currentID == .singleCode, "…and the standard states take over again (step 5)")
    }

    @Test("Registering under a name already held replaces that state, a standard one too")
    func registerReplaces() throws {
        let model = ScanViewModel()
        model.register(PausedScanState(message: "Paused by Ana"), as: .paused)
        model.register(PausedScanState(message: "Paused by Ben"), as: .paused)
        try model.switchTo(.paused)
        #expect(
            model.display == .message("Paused by Ben"), "The last state registered for a name wins (step 5)")

        model.register(PausedScanState(message: "One code: hold still"), as: .singleCode)
        try model.switchTo(.noCode)
        try model.scan(Frame(number: 1, codes: try qrCodes(1)))
        #expect(
            model.display == .message("One code: hold still"),
            "A scan switches by name, so the state registered as single code answers (step 5)")
    }

    @Test("Switching to a state nobody registered is refused, and the view model stays as it was")
    func unregisteredStateIsRefused() throws {
        let model = ScanViewModel()
        let codes = try qrCodes(2)
        try model.scan(Frame(number: 1, codes: codes))
        try #require(model.currentID == .multiCode, "Two codes: multi code (step 5)")
        #expect(
            throws: ScanViewError.unregisteredState(.paused),
            "An unknown state is refused with an error naming it (step 5)"
        ) {
            try model.switchTo(.paused)
        }
        #expect(model.currentID == .multiCode, "The view model stays in its state (step 5)")
        #expect(model.codes == codes, "…with its codes (step 5)")
    }
}
