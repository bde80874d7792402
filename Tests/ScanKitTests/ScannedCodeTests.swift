import ScanKit
import Testing

@Suite("Scanned codes", .tags(.scan))
struct ScannedCodeTests {
    @Test("A valid EAN-13 and any QR payload are accepted")
    func acceptsValidCodes() throws {
        let product = try ScannedCode(payload: "4006381333931", symbology: .ean13)
        #expect(product.payload == "4006381333931")
        let link = try ScannedCode(payload: "https://shop.example/p/42", symbology: .qr)
        #expect(link.symbology == .qr)
        #expect(link.bounds == .wholeFrame, "Bounds default to the whole frame")
    }

    @Test("An empty payload is refused")
    func refusesEmptyPayload() {
        #expect(throws: ScanError.emptyPayload(.code128)) {
            try ScannedCode(payload: "", symbology: .code128)
        }
    }

    @Test(
        "A malformed EAN is refused with the reason",
        arguments: [
            ("4006381333932", Symbology.ean13, "check digit should be 1"),
            ("400638133393", Symbology.ean13, "must have 13 digits"),
            ("40063813339a1", Symbology.ean13, "must contain digits only"),
            ("9638507", Symbology.ean8, "must have 8 digits"),
            ("96385075", Symbology.ean8, "check digit should be 4"),
        ]
    )
    func refusesMalformedEAN(payload: String, symbology: Symbology, reason: String) {
        #expect(throws: ScanError.invalidPayload(payload, symbology, reason: reason)) {
            try ScannedCode(payload: payload, symbology: symbology)
        }
    }

    @Test("A valid EAN-8 is accepted")
    func acceptsEAN8() throws {
        let code = try ScannedCode(payload: "96385074", symbology: .ean8)
        #expect(code.symbology == .ean8)
    }

    @Test("Bounds must lie inside the frame and have an area")
    func validatesBounds() throws {
        let bounds = try CodeBounds(x: 0.25, y: 0.5, width: 0.5, height: 0.5)
        #expect(bounds.x + bounds.width == 0.75)
        #expect(throws: ScanError.boundsOutsideFrame(x: 0.8, y: 0, width: 0.3, height: 0.1)) {
            try CodeBounds(x: 0.8, y: 0, width: 0.3, height: 0.1)
        }
        #expect(throws: ScanError.self) { try CodeBounds(x: 0, y: 0, width: 0, height: 1) }
        #expect(throws: ScanError.self) { try CodeBounds(x: -0.1, y: 0, width: 0.5, height: 0.5) }
    }

    @Test("Errors name the value that was refused")
    func errorsNameTheValue() {
        let error = ScanError.invalidPayload("123", .ean13, reason: "must have 13 digits")
        #expect(error.description.contains("\"123\""))
        #expect(error.description.contains("ean13"))
    }

    @Test("A frame keeps its codes in order")
    func frameKeepsCodes() throws {
        let first = try ScannedCode(payload: "A", symbology: .qr)
        let second = try ScannedCode(payload: "B", symbology: .code128)
        let frame = Frame(number: 7, codes: [first, second])
        #expect(frame.codes == [first, second])
        #expect(Frame(number: 8).codes.isEmpty, "Most frames show no code")
    }
}

@Suite("Scan view vocabulary", .tags(.scan))
struct ScanViewVocabularyTests {
    @Test("State names compare by name; an unknown one is named in its error")
    func stateNames() {
        #expect(ScanStateID("paused") == ScanStateID("paused"))
        #expect(ScanStateID.noCode != .singleCode && ScanStateID.singleCode != .multiCode)
        #expect(
            ScanViewError.unregisteredState(ScanStateID("paused")).description
                == "The scan view has no state registered as \"paused\".")
    }

    @Test("A state's decisions carry the next state's name and codes; refusals name what is wrong")
    func decisionsAndRefusals() throws {
        let code = try ScannedCode(payload: "hello", symbology: .qr)
        let resume = ScanTransition(to: .noCode)
        #expect(resume.next == .noCode && resume.codes.isEmpty, "A move names its state; no codes by default")
        #expect(ScanTransition(to: .singleCode, codes: [code]).codes == [code])
        #expect(ScanAction.open(code) != .transition(ScanTransition(to: .singleCode, codes: [code])))
        #expect(
            ScanViewError.wrongCodeCount(.multiCode, count: 1).description
                == "The scan view can't show \"multi code\" with 1 code.")
        #expect(
            ScanViewError.wrongCodeCount(.singleCode, count: 0).description
                == "The scan view can't show \"single code\" with 0 codes.")
        #expect(
            ScanViewError.codeNotOnScreen(code).description
                == "The scan view can't open \"hello\": that code is not on screen.")
    }
}

@Suite("Scan creators", .tags(.scan))
struct ScanCreatorTests {
    @Test("The camera makes its frames in order; the album makes the picked photo, or nothing")
    func creatorsMakeFrames() throws {
        let code = try ScannedCode(payload: "hello", symbology: .qr)
        let frames = [Frame(number: 0), Frame(number: 1, codes: [code])]
        #expect(FakeCamera(frames: frames).produce() == frames.map(ScanItem.frame))
        #expect(FakePhotoAlbum(picked: frames[1]).produce() == [.frame(frames[1])])
        #expect(FakePhotoAlbum(picked: nil).produce().isEmpty)
    }
}

@Suite("ScanKit — the frame decoder stand-in")
struct FrameCodeDecoderTests {
    @Test("FrameCodeDecoder returns the codes a frame carries, in order")
    func decodesTheFramesCodes() throws {
        let codes = [
            try ScannedCode(payload: "a", symbology: .qr), try ScannedCode(payload: "b", symbology: .qr),
        ]
        #expect(FrameCodeDecoder().decode(Frame(number: 1, codes: codes)) == codes)
        #expect(FrameCodeDecoder().decode(Frame(number: 2)).isEmpty)
    }
}

@Suite("Symbology appearances", .tags(.scan))
struct SymbologyAppearanceTests {
    @Test("Every symbology has its own title and an outline at least 2 points wide")
    func appearances() {
        let all = Symbology.allCases.map(\.appearance)
        #expect(Set(all.map(\.title)).count == Symbology.allCases.count)
        #expect(all.allSatisfy { $0.lineWidth >= 2 })
        #expect(
            Symbology.ean13.appearance == SymbologyAppearance(title: "EAN-13", color: .green, lineWidth: 2))
    }
}
