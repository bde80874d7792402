/// Where a code sits in its camera frame, in coordinates relative to the frame.
///
/// `(0, 0)` is the frame's top-left corner and `(1, 1)` its bottom-right corner, so the same
/// value works whatever the camera's resolution.
public struct CodeBounds: Sendable, Hashable {
    /// The left edge, from 0 (left of the frame) to 1.
    public let x: Double
    /// The top edge, from 0 (top of the frame) to 1.
    public let y: Double
    /// The width, as a fraction of the frame's width.
    public let width: Double
    /// The height, as a fraction of the frame's height.
    public let height: Double

    /// Creates bounds that must lie inside the frame and have an area.
    ///
    /// - Throws: ``ScanError/boundsOutsideFrame(x:y:width:height:)`` when the rectangle is empty
    ///   or pokes out of the unit square.
    public init(x: Double, y: Double, width: Double, height: Double) throws(ScanError) {
        let inside =
            x >= 0 && y >= 0 && width > 0 && height > 0
            && x + width <= 1 && y + height <= 1
        guard inside else {
            throw .boundsOutsideFrame(x: x, y: y, width: width, height: height)
        }
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole frame: handy when the position does not matter.
    public static let wholeFrame = CodeBounds(uncheckedX: 0, y: 0, width: 1, height: 1)

    private init(uncheckedX x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
