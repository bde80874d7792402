/// Reads the codes in a camera frame: the scan feature's most expensive capability (it loads a
/// machine-learning model when made).
///
/// Parts of the app depend on this protocol, never on a concrete decoder. The Proxy kata
/// registers one by this protocol and puts a lazy proxy in front of it.
public protocol CodeDecoding: Sendable {
    /// The codes in `frame`, in the frame's order.
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
