import ScanKit
import Synchronization

/// Stands in for the scan decoder: registered at start-up, before any decoder exists, and
/// forwarding to whichever decoder is attached now.
///
/// Role: a **proxy** for the subject `CodeDecoding`; the attached decoder is its **real
/// subject**. The scan write-up registered one such stand-in per capability protocol, and the
/// module that really decodes attached itself to it later. A caller that resolved the proxy
/// once keeps it: it gets codes as soon as a decoder is attached, and the new decoder's codes
/// after a swap, without resolving again.
///
/// It keeps its protocol's contract even with nothing attached: `CodeDecoding` documents that
/// a decoder with nothing to decode with returns no codes, so that is what the proxy answers.
///
/// Why a `Mutex`: one task attaches or swaps the decoder while others decode frames.
public final class DecoderProxy: CodeDecoding {
    private let real = Mutex<(any CodeDecoding)?>(nil)

    /// Creates a proxy with no decoder attached.
    public init() {}

    /// Attaches `decoder`, or swaps it in for the one attached before.
    ///
    /// From now on, decoding goes to it.
    public func attach(_ decoder: any CodeDecoding) {
        real.withLock { $0 = decoder }
    }

    /// Detaches the decoder: until another is attached, decoding returns no codes.
    public func detach() {
        real.withLock { $0 = nil }
    }

    /// The attached decoder's codes for `frame`, or no codes when none is attached.
    public func decode(_ frame: Frame) -> [ScannedCode] {
        // Why decode outside the lock: the decoder may call back into the proxy (a decoder that
        // hands over to a better one attaches it), and `Mutex` is not reentrant. Frames
        // decoded while a swap happens go to the old decoder or the new one, never to neither.
        guard let decoder = real.withLock({ $0 }) else { return [] }
        return decoder.decode(frame)
    }
}
