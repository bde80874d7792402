import ScanKit

/// Stands in for the scan decoder: registered at start-up, before any decoder exists, and
/// forwarding to whichever decoder is attached now.
///
/// A caller that resolved the proxy once keeps it: it gets codes as soon as a decoder is
/// attached, and the new decoder's codes after a swap, without resolving again. With nothing
/// attached it answers what `CodeDecoding` documents for "no capability": no codes.
public final class DecoderProxy: CodeDecoding {
    /// Creates a proxy with no decoder attached.
    public init() {}

    /// Attaches `decoder`, or swaps it in for the one attached before.
    ///
    /// From now on, decoding goes to it.
    public func attach(_ decoder: any CodeDecoding) {
        // TODO: Step 2 — keep `decoder` (replacing any earlier one), safely across tasks (rules 2.3, 2.7).
    }

    /// Detaches the decoder: until another is attached, decoding returns no codes.
    public func detach() {
        // TODO: Step 2 — forget the attached decoder (rule 2.3).
    }

    /// The attached decoder's codes for `frame`, or no codes when none is attached.
    public func decode(_ frame: Frame) -> [ScannedCode] {
        // TODO: Step 2 — forward to the attached decoder, outside any lock; none attached: [] (rules 2.1, 2.2, 2.5).
        []
    }
}
