import ChainOfResponsibility
import Foundation
import Proxy
import ScanKit
import State
import Synchronization

// The scan screen as it shipped: one class that decodes, filters, classifies, routes and tracks
// the screen. It works: the safety-net tests pin what it does. Your job is to take it apart
// without changing a line of that behaviour, one smell at a time.
//
// TODO: Step 4 — when steps 1 to 3 are green, delete what they left dead here (rule 4.5: the
//       flags, the seen set, the string table, the ladders). The payoff tests change the screen
//       from the test file alone.

/// The app's scan screen: the camera and the photo album hand it frames; it shows what it found,
/// sends each new code to the feature that takes it, and opens the code the person taps.
@MainActor
public final class ScanScreen {
    // MARK: What the screen shows and did (the safety net reads these)

    /// What the screen shows now.
    public var display: ScanDisplay {
        // Smell: the screen's state is three flags and an index, and every method must keep them
        // consistent by hand.
        if !hasResult { return .viewfinder }
        if isMulti { return .picker(currentCodes) }
        return .result(currentCodes[selectedIndex ?? 0])
    }

    /// Where each new code was sent, oldest first.
    public private(set) var routed: [ScanRoute] = []

    /// Every code the person opened, oldest first.
    public private(set) var opened: [ScannedCode] = []

    // MARK: The legacy's state

    private var hasResult = false
    private var isMulti = false
    private var selectedIndex: Int?
    private var currentCodes: [ScannedCode] = []
    // Smell: duplicates are dropped inline, by a string built from the code.
    private var seenKeys: Set<String> = []
    // Smell: the decoder comes from a table keyed by a type's name, made eagerly at start-up.
    private let services = LegacyServiceTable()

    // MARK: Seams: each step's tests call these; the legacy screen ignores them

    /// Creates the screen with the app's capabilities and the units a scan passes through.
    ///
    /// - Parameters:
    ///   - capabilities: The app's registry, filled at start-up (``standardCapabilities(makeDecoder:)``).
    ///   - units: The scan path, in order; ``standardUnits()`` unless the app changes it.
    public init(capabilities: CapabilityLocator, units: [any ScanUnit] = ScanScreen.standardUnits()) {
        // TODO: Step 1 — keep `units`: they are the scan path from now on (rules 1.1–1.6).
        // TODO: Step 3 — keep `capabilities`: the decoder comes from there (rules 3.1–3.5).
        services.set(FrameCodeDecoder(), forKey: "CodeDecoding")
    }

    /// The units every scan passes through, in order: decode, drop duplicates, classify, route.
    ///
    /// New ones on every call: a unit may remember things, and two screens must not share that.
    public nonisolated static func standardUnits() -> [any ScanUnit] {
        // TODO: Step 1 — the four units of the Chain of Responsibility kata, in order (rule 1.6).
        []
    }

    /// The app's start-up: a registry holding the decoder, behind a proxy that makes it on the
    /// first frame it decodes, not before.
    public nonisolated static func standardCapabilities(
        makeDecoder: @escaping @Sendable () -> any CodeDecoding = { FrameCodeDecoder() }
    ) -> CapabilityLocator {
        // TODO: Step 3 — register the decoder for `(any CodeDecoding).self`, behind the lazy
        //       proxy of the Proxy kata (rule 3.4).
        CapabilityLocator()
    }

    /// Holds `state` as the screen's state for `id`, replacing any other.
    public func register(_ state: any ScanViewState, as id: ScanStateID) {
        // TODO: Step 2 — the screen's states are the State kata's view model's (rules 2.1–2.5).
    }

    // MARK: What the person does

    /// The camera ran one session and delivered `frames`, in order.
    ///
    /// Each new session forgets the codes the last one saw.
    public func scanWithCamera(_ frames: [Frame]) {
        seenKeys.removeAll()
        for frame in frames { process(frame) }
    }

    /// The person picked `photo` from the album, or nothing: a session of its own.
    public func importPhoto(_ photo: Frame?) {
        seenKeys.removeAll()
        if let photo { process(photo) }
    }

    /// The person tapped the code at `index` of what the screen shows.
    public func tap(_ index: Int) {
        guard hasResult else { return }
        if isMulti {
            guard currentCodes.indices.contains(index) else { return }
            selectedIndex = index
            opened.append(currentCodes[index])
        } else {
            // One code on screen: a tap anywhere opens it.
            opened.append(currentCodes[selectedIndex ?? 0])
        }
    }

    // MARK: The god method

    private func process(_ frame: Frame) {
        // TODO: Step 3 — decode with the registry's decoder, looked up for each frame.
        let decoder = services.object(forKey: "CodeDecoding") as? any CodeDecoding
        let codes = decoder?.decode(frame) ?? []

        // TODO: Step 2 — the flags become the view model's states.
        currentCodes = codes
        hasResult = !codes.isEmpty
        isMulti = codes.count > 1
        selectedIndex = codes.isEmpty ? nil : 0

        // TODO: Step 1 — the duplicate check, the ladder and the routing become the pipeline.
        for code in codes {
            let key = code.symbology.rawValue + ":" + code.payload
            if seenKeys.contains(key) { continue }
            seenKeys.insert(key)

            var kind = "text"
            if code.symbology == .ean13 || code.symbology == .ean8 {
                kind = "product"
            } else if code.payload.lowercased().hasPrefix("http://")
                || code.payload.lowercased().hasPrefix("https://")
            {
                kind = "link"
            } else if code.payload.count == 18,
                code.payload.allSatisfy({ $0.isASCII && $0.isNumber }),
                let prefix = Int(code.payload.prefix(2)), prefix >= 25, prefix <= 30
            {
                kind = "payment"
            }

            if kind == "link" {
                if let url = URL(string: code.payload) {
                    routed.append(.openLink(url))
                } else {
                    routed.append(.showText(code.payload))
                }
            } else if kind == "product" {
                routed.append(.showProduct(gtin: code.payload))
            } else if kind == "payment" {
                routed.append(.pay(code: code.payload))
            } else {
                routed.append(.showText(code.payload))
            }
        }
    }
}

/// The lookup the screen has used since its first version: services by their type's name.
///
/// Smell: the key is a string, so a typo or a renamed protocol compiles and finds nothing, and
/// the caller must cast what comes back.
final class LegacyServiceTable: Sendable {
    private let services = Mutex<[String: any Sendable]>([:])

    func set(_ service: any Sendable, forKey key: String) {
        services.withLock { $0[key] = service }
    }

    func object(forKey key: String) -> (any Sendable)? {
        services.withLock { $0[key] }
    }
}
