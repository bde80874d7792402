import Flyweight
import ScanKit
import Synchronization
import Testing

/// A canvas that records what it is asked to draw, in order, and can call back from inside
/// each call.
final class RecordingCanvas: CodeCanvas {
    /// One thing drawn on the canvas.
    enum Stroke: Hashable {
        /// An outline around `bounds`.
        case outline(CodeBounds, OverlayColor, lineWidth: Double)
        /// A label under `bounds`.
        case label(String, under: CodeBounds, OverlayColor)
    }

    /// Everything drawn so far, oldest first.
    private(set) var strokes: [Stroke] = []

    /// Called from inside every drawing call, once it is recorded: a test may draw from here.
    var whileDrawing: ((RecordingCanvas) -> Void)?

    func strokeOutline(_ bounds: CodeBounds, color: OverlayColor, lineWidth: Double) {
        strokes.append(.outline(bounds, color, lineWidth: lineWidth))
        whileDrawing?(self)
    }

    func drawLabel(_ text: String, under bounds: CodeBounds, color: OverlayColor) {
        strokes.append(.label(text, under: bounds, color))
        whileDrawing?(self)
    }
}

/// What drawing `code` with `style` must put on the canvas, in either order (rule 1.2).
func strokes(drawing code: ScannedCode, with style: CodeStyle) -> Set<RecordingCanvas.Stroke> {
    [
        .outline(code.bounds, style.color, lineWidth: style.lineWidth),
        .label("\(style.title) \(code.payload)", under: code.bounds, style.color),
    ]
}

/// `count` codes (at most 10,000), each symbology in turn, every one with a payload and bounds
/// of its own.
func scannedCodes(_ count: Int) throws -> [ScannedCode] {
    try (0..<count).map { index in
        let symbology = Symbology.allCases[index % Symbology.allCases.count]
        let bounds = try CodeBounds(
            x: Double(index % 100) / 125, y: Double(index / 100 % 100) / 125, width: 0.1, height: 0.05)
        return try ScannedCode(payload: payload(index, symbology), symbology: symbology, bounds: bounds)
    }
}

/// A payload of `symbology` no other index gets; EANs get a valid check digit.
private func payload(_ index: Int, _ symbology: Symbology) -> String {
    switch symbology {
    case .qr: "https://shop.example.com/item/\(index)"
    case .dataMatrix: "LOT-\(index)-B"
    case .code128: "SHIP\(index)"
    case .ean13: withCheckDigit("400" + padded(index, to: 9))
    case .ean8: withCheckDigit("20" + padded(index, to: 5))
    }
}

private func padded(_ number: Int, to width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// Appends the GS1 check digit, for which the digits weigh 3, 1, 3, … from the right.
private func withCheckDigit(_ body: String) -> String {
    let weighted = body.compactMap(\.wholeNumberValue).reversed().enumerated().reduce(0) { sum, item in
        sum + item.element * (item.offset.isMultiple(of: 2) ? 3 : 1)
    }
    return body + String((10 - weighted % 10) % 10)
}

/// A style source the tests declare: it hands out the factory's styles and counts what the
/// overlay asks.
///
/// Themed, it gives for each symbology the style of the next one: an overlay that draws with
/// anything but what its source gave (a style it made, one kept by the wrong key) draws the wrong
/// colour or title.
final class CountingSource: CodeStyleSource {
    private let factory = CodeStyleFactory()
    private let themed: Bool

    init(themed: Bool = false) { self.themed = themed }

    /// The symbology whose style it gives for `symbology`.
    func look(of symbology: Symbology) -> Symbology {
        guard themed, let index = Symbology.allCases.firstIndex(of: symbology) else { return symbology }
        return Symbology.allCases[(index + 1) % Symbology.allCases.count]
    }
    private let asked = Mutex<[Symbology]>([])
    private let handed = Mutex<[ObjectIdentifier]>([])

    /// Every symbology asked for, in order.
    var asks: [Symbology] { asked.withLock { $0 } }
    /// How many different style objects it handed out.
    var distinctStyles: Int { Set(handed.withLock { $0 }).count }

    func style(for symbology: Symbology) -> CodeStyle {
        asked.withLock { $0.append(symbology) }
        let style = factory.style(for: look(of: symbology))
        handed.withLock { $0.append(ObjectIdentifier(style)) }
        return style
    }
}
