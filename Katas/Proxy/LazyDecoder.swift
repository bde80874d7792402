import ScanKit

/// Stands in for an expensive decoder and makes it only when it is first used.
///
/// Making the real decoder loads a model: a Scan screen opened and closed without scanning
/// should never pay for it. Many tasks may decode at the same moment; the real decoder is
/// made exactly once, under the proxy's lock, so `make` must not call back into the proxy.
public final class LazyDecoder: CodeDecoding {
    private let make: @Sendable () -> any CodeDecoding

    /// Creates a proxy that calls `make` the first time it decodes, and never again.
    ///
    /// `make` runs under the proxy's lock: it must not decode through this proxy.
    public init(make: @escaping @Sendable () -> any CodeDecoding) {
        self.make = make
    }

    /// Decodes with the real decoder, making it first if this is the first use.
    public func decode(_ frame: Frame) -> [ScannedCode] {
        // TODO: Step 3 — make the real decoder on first use, exactly once, then decode with it after unlocking (rules 3.1–3.5).
        []
    }
}
