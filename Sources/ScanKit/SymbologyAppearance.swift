/// How the scan view outlines and labels the codes of one symbology.
///
/// Data, not behaviour: the Flyweight kata's `CodeStyle` is built from it, once per symbology.
public struct SymbologyAppearance: Sendable, Hashable {
    /// The name a code's label starts with, such as `EAN-13`.
    public let title: String
    /// The colour of the outline and the label.
    public let color: OverlayColor
    /// How wide the outline is, in points.
    public let lineWidth: Double

    /// An appearance with this title, colour and line width.
    public init(title: String, color: OverlayColor, lineWidth: Double) {
        self.title = title
        self.color = color
        self.lineWidth = lineWidth
    }
}

extension Symbology {
    /// How the scan view draws a code of this symbology.
    public var appearance: SymbologyAppearance {
        switch self {
        case .qr: SymbologyAppearance(title: "QR", color: .blue, lineWidth: 3)
        case .dataMatrix: SymbologyAppearance(title: "Data Matrix", color: .purple, lineWidth: 3)
        case .ean13: SymbologyAppearance(title: "EAN-13", color: .green, lineWidth: 2)
        case .ean8: SymbologyAppearance(title: "EAN-8", color: .teal, lineWidth: 2)
        case .code128: SymbologyAppearance(title: "Code 128", color: .orange, lineWidth: 2)
        }
    }
}
