/// Why a scanned code or its position was rejected.
public enum ScanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The code carried no text at all.
    case emptyPayload(Symbology)
    /// The payload does not fit its symbology (for example an EAN-13 with a wrong check digit).
    case invalidPayload(String, Symbology, reason: String)
    /// The position is empty or not inside the frame's unit square.
    case boundsOutsideFrame(x: Double, y: Double, width: Double, height: Double)

    /// A sentence that names the bad value.
    public var description: String {
        switch self {
        case .emptyPayload(let symbology):
            "A \(symbology.rawValue) code must carry a payload; this one is empty."
        case .invalidPayload(let payload, let symbology, let reason):
            "\"\(payload)\" is not a valid \(symbology.rawValue) payload: it \(reason)."
        case .boundsOutsideFrame(let x, let y, let width, let height):
            "Bounds (x: \(x), y: \(y), width: \(width), height: \(height)) must have an area and lie inside the frame (0…1)."
        }
    }
}
