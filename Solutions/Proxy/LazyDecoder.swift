import ScanKit
import Synchronization

/// Stands in for an expensive decoder and makes it only when it is first used.
///
/// Role: a **virtual proxy** for `CodeDecoding`. Making the real decoder loads a model: a
/// Scan screen that is opened and closed without scanning should never pay for it.
///
/// Why a `Mutex` around the whole "make if missing": with a check, then an unlock, then a make,
/// two tasks that arrive together both see "missing" and both make one. Under one lock, the
/// second waits and gets the first one's decoder. The lock is held while the decoder is made,
/// which is what "exactly once" costs, and it sets the one rule for `make`: it must not call
/// back into this proxy (decode through it), because `Mutex` is not reentrant and the second
/// lock on the same thread would crash. Unlike the other proxies, which call their real
/// subject only after unlocking, this one calls `make` under its lock, on purpose.
public final class LazyDecoder: CodeDecoding {
    private let make: @Sendable () -> any CodeDecoding
    private let real = Mutex<(any CodeDecoding)?>(nil)

    /// Creates a proxy that calls `make` the first time it decodes, and never again.
    ///
    /// `make` runs under the proxy's lock: it must not decode through this proxy.
    public init(make: @escaping @Sendable () -> any CodeDecoding) {
        self.make = make
    }

    /// Decodes with the real decoder, making it first if this is the first use.
    public func decode(_ frame: Frame) -> [ScannedCode] {
        let decoder = real.withLock { real in
            if let real { return real }
            let made = make()
            real = made
            return made
        }
        // Why decode outside the lock: only making must be exclusive. Decoding frames from
        // several tasks at once is fine for a `Sendable` decoder, and the real decoder may call
        // back into this proxy while it decodes (a second look at the frame).
        return decoder.decode(frame)
    }
}
