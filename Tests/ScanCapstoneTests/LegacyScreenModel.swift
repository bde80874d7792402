import Foundation
import KataTestSupport
import ScanCapstone
import ScanKit

/// A small model of what the legacy screen does, written from its behaviour, not its code: the
/// codes on screen, where each new code went, and what was opened.
struct LegacyScreenModel {
    private var onScreen: [ScannedCode] = []
    private(set) var routed: [ScanRoute] = []
    private(set) var opened: [ScannedCode] = []

    var display: ScanDisplay {
        switch onScreen.count {
        case 0: .viewfinder
        case 1: .result(onScreen[0])
        default: .picker(onScreen)
        }
    }

    mutating func apply(_ action: ScreenAction) {
        switch action {
        case .camera(let frames): session(frames)
        case .album(let photo): session(photo.map { [$0] } ?? [])
        case .tap(let index):
            if onScreen.count == 1 {
                opened.append(onScreen[0])
            } else if onScreen.indices.contains(index) {
                opened.append(onScreen[index])
            }
        }
    }

    private mutating func session(_ frames: [Frame]) {
        var seen: Set<[String]> = []
        for frame in frames {
            onScreen = frame.codes
            for code in frame.codes where seen.insert([code.symbology.rawValue, code.payload]).inserted {
                routed.append(Self.route(of: code))
            }
        }
    }

    private static func route(of code: ScannedCode) -> ScanRoute {
        let payload = code.payload
        if code.symbology == .ean13 || code.symbology == .ean8 { return .showProduct(gtin: payload) }
        let lowered = payload.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            return URL(string: payload).map(ScanRoute.openLink) ?? .showText(payload)
        }
        let digits = payload.compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
        if payload.count == 18, digits.count == 18, (25...30).contains(digits[0] * 10 + digits[1]) {
            return .pay(code: payload)
        }
        return .showText(payload)
    }

    /// What `screen` does differently from the model, or `nil`.
    @MainActor
    func difference(from screen: ScanScreen) -> String? {
        if screen.display != display {
            return "the screen shows \(describe(screen.display)), the legacy showed \(describe(display))"
        }
        if screen.routed != routed {
            return "routed \(screen.routed.map(describe)), the legacy routed \(routed.map(describe))"
        }
        if screen.opened != opened {
            return "opened \(screen.opened.map(ScreenAction.describe)), the legacy opened "
                + "\(opened.map(ScreenAction.describe))"
        }
        return nil
    }
}

// swift-format-ignore: NeverUseForceTry
/// Codes the random sequences draw from: every kind, near misses, and the same code moved.
private let randomPool: [ScannedCode] = [
    Codes.link, Codes.linkMoved, Codes.shoutedLink, Codes.oneSlash, Codes.product13, Codes.product13AsText,
    Codes.product8, Codes.payment, Codes.payment30, Codes.belowPayments, Codes.arabicIndicDigits, Codes.text,
    Codes.newline, Codes.emoji, Codes.keyLookalike, Codes.padded, Codes.spaces,
    try! code("https://shop.example/a b"), try! code("http://"),
    try! code("Hello, shop", .dataMatrix, at: 0.1),
]

/// A random action: mostly camera sessions of a few frames, some imports, many taps.
func randomAction(_ random: inout SeededGenerator) -> ScreenAction {
    func randomFrame(_ number: Int) -> Frame {
        let count = [0, 1, 1, 2, 3, 4].randomElement(using: &random) ?? 0
        return frame(number, (0..<count).compactMap { _ in randomPool.randomElement(using: &random) })
    }
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4:
        // Frame numbers as a camera may deliver them: not always rising, sometimes repeated.
        let count = Int.random(in: 0...4, using: &random)
        return .camera((0..<count).map { _ in randomFrame(Int.random(in: 0...5, using: &random)) })
    case 4..<6:
        return .album(random.chance(0.2) ? nil : randomFrame(100))
    default:
        return .tap(random.chance(0.1) ? Int.max : Int.random(in: -2...5, using: &random))
    }
}
