import ChainOfResponsibility
import Proxy
import ScanKit

extension ScanScreen {
    /// The units every scan passes through, in order: decode, drop duplicates, classify, route.
    ///
    /// New ones on every call: a unit may remember things (the duplicate filter remembers codes),
    /// and two screens must not share that.
    public nonisolated static func standardUnits() -> [any ScanUnit] {
        // Move 1's payoff: the legacy's ladder was this list's order, frozen in an `if`. Here it
        // is a value another team reorders, shortens or extends.
        [DecodeUnit(), DuplicateFilter(), ClassifyUnit(), RouteUnit()]
    }

    /// The app's start-up: a registry holding the decoder, behind a proxy that makes it on the
    /// first frame it decodes, not before.
    ///
    /// - Parameter makeDecoder: Makes the real decoder; called once, on the first frame.
    public nonisolated static func standardCapabilities(
        makeDecoder: @escaping @Sendable () -> any CodeDecoding = { FrameCodeDecoder() }
    ) -> CapabilityLocator {
        // Move 3: the legacy made its decoder eagerly, in the screen's `init`, and filed it under
        // the string "CodeDecoding". Here start-up files a stand-in under the protocol itself
        // (a typo no longer compiles), and the stand-in makes the real decoder when a frame
        // first needs it: the screen opens before the decoder's model has loaded.
        let capabilities = CapabilityLocator()
        let decoder: any CodeDecoding = LazyDecoder(make: makeDecoder)
        capabilities.register(decoder, for: (any CodeDecoding).self)
        return capabilities
    }
}
