/// One camera frame, with the codes that are visible in it.
///
/// There is no camera in the katas: a frame simply carries the codes a real decoder would find,
/// so a "decode" step can read them and tests control exactly what the scanner sees.
public struct Frame: Sendable, Hashable {
    /// The frame's position in the camera's stream, counting from 0.
    public let number: Int
    /// The codes visible in this frame, in the order a decoder reports them.
    public let codes: [ScannedCode]

    /// Creates a frame; a frame without codes is what the camera sees most of the time.
    public init(number: Int, codes: [ScannedCode] = []) {
        self.number = number
        self.codes = codes
    }
}
