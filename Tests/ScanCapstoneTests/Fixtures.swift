import ChainOfResponsibility
import Proxy
import ScanCapstone
import ScanKit
import State
import Testing

/// A code of `symbology` carrying `payload`, at `x` across the frame (the same code, seen as the
/// phone moves, is at another `x`).
func code(_ payload: String, _ symbology: Symbology = .qr, at x: Double = 0) throws -> ScannedCode {
    try ScannedCode(
        payload: payload, symbology: symbology, bounds: CodeBounds(x: x, y: 0, width: 0.1, height: 0.1))
}

/// A frame holding `codes`.
func frame(_ number: Int, _ codes: [ScannedCode] = []) -> Frame {
    Frame(number: number, codes: codes)
}

/// A screen as the app starts it: the standard capabilities and units.
@MainActor
func standardScreen() -> ScanScreen {
    ScanScreen(capabilities: ScanScreen.standardCapabilities())
}
