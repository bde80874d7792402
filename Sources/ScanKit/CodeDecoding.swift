/// Reads the codes in a camera frame: the scan feature's most expensive capability (it loads a
/// machine-learning model when made).
///
/// Parts of the app depend on this protocol, never on a concrete decoder. The Proxy kata
/// registers a proxy by this protocol and attaches a decoder to it later.
public protocol CodeDecoding: Sendable {
    /// The codes in `frame`, in the frame's order.
    ///
    /// A decoder that has nothing to decode with (no decoder attached to a proxy yet) returns
    /// no codes.
    func decode(_ frame: Frame) -> [ScannedCode]
}

/// A decoder that reads the codes a `Frame` already carries: a plain stand-in for the model.
public struct FrameCodeDecoder: CodeDecoding {
    /// Creates a decoder.
    public init() {}

    /// The codes the frame carries.
    public func decode(_ frame: Frame) -> [ScannedCode] {
        frame.codes
    }
}
