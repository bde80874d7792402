import Foundation
import ScanKit

/// A change a refactoring of the scan screen could plausibly make: what your net must catch.
///
/// Each is described by what it changes, as a learner would notice it, not by how.
enum PlantedChange: CaseIterable, CustomStringConvertible {
    case sharesHistory
    case forgetsEarlierRoutes
    case remembersCodesAcrossSessions
    case emptyFrameKeepsCodes
    case emptySessionClearsScreen
    case pickerTapShowsTheCode
    case oneCodeOpensOnlyAtZero
    case thirtyIsNoPayment
    case capitalLinkIsText
    case routesInPayloadOrder

    var description: String {
        switch self {
        case .sharesHistory: "Two screens of one app share what they routed and opened."
        case .forgetsEarlierRoutes: "A session forgets the routes of the sessions before it."
        case .remembersCodesAcrossSessions:
            "A code routed in one session isn't routed again in a later session."
        case .emptyFrameKeepsCodes: "A frame with no code leaves the last codes on screen."
        case .emptySessionClearsScreen:
            "A session with nothing in it (no frame, or no photo picked) clears the screen."
        case .pickerTapShowsTheCode: "Tapping a code in the picker shows that code alone."
        case .oneCodeOpensOnlyAtZero: "With one code on screen, only a tap at index 0 opens it."
        case .thirtyIsNoPayment: "An 18-digit payment code starting with 30 is routed as text."
        case .capitalLinkIsText: "A link written in capitals (HTTPS://…) is routed as text."
        case .routesInPayloadOrder:
            "The new codes of one frame are routed in the order of their payloads, not in the order the frame holds them."
        }
    }
}

/// What the screens of one run share, for the planted change that shares it.
@MainActor
final class SharedHistory {
    var routed: [ScanRoute] = []
    var opened: [ScannedCode] = []

    nonisolated init() {}
}

/// The legacy screen's behaviour, written afresh, with at most one planted change.
///
/// With no change it is a correct program: your net must pass on it as it does on your screen.
@MainActor
final class PlantedScreen: ScreenUnderTest {
    private let change: PlantedChange?
    /// Its own history, or the one screens of a run share.
    private let history: SharedHistory
    /// The codes of the last frame it showed.
    private var onScreen: [ScannedCode] = []
    /// The codes routed in this session, by symbology and payload.
    private var seen: Set<[String]> = []

    init(change: PlantedChange?, shared: SharedHistory) {
        self.change = change
        self.history = change == .sharesHistory ? shared : SharedHistory()
    }

    var routed: [ScanRoute] { history.routed }
    var opened: [ScannedCode] { history.opened }

    var display: ScanDisplay {
        switch onScreen.count {
        case 0: .viewfinder
        case 1: .result(onScreen[0])
        default: .picker(onScreen)
        }
    }

    func scanWithCamera(_ frames: [Frame]) {
        session(frames)
    }

    func importPhoto(_ photo: Frame?) {
        session(photo.map { [$0] } ?? [])
    }

    func tap(_ index: Int) {
        switch onScreen.count {
        case 0:
            return
        case 1:
            if change == .oneCodeOpensOnlyAtZero, index != 0 { return }
            history.opened.append(onScreen[0])
        default:
            guard onScreen.indices.contains(index) else { return }
            history.opened.append(onScreen[index])
            if change == .pickerTapShowsTheCode { onScreen = [onScreen[index]] }
        }
    }

    private func session(_ frames: [Frame]) {
        if change != .remembersCodesAcrossSessions { seen = [] }
        if change == .forgetsEarlierRoutes { history.routed = [] }
        if change == .emptySessionClearsScreen, frames.isEmpty { onScreen = [] }
        for frame in frames {
            if !(change == .emptyFrameKeepsCodes && frame.codes.isEmpty) { onScreen = frame.codes }
            var new = frame.codes.filter { seen.insert([$0.symbology.rawValue, $0.payload]).inserted }
            if change == .routesInPayloadOrder { new.sort { $0.payload < $1.payload } }
            history.routed += new.map(route)
        }
    }

    private func route(of code: ScannedCode) -> ScanRoute {
        let payload = code.payload
        if code.symbology == .ean13 || code.symbology == .ean8 { return .showProduct(gtin: payload) }
        let scheme = change == .capitalLinkIsText ? payload : payload.lowercased()
        if scheme.hasPrefix("http://") || scheme.hasPrefix("https://") {
            return URL(string: payload).map(ScanRoute.openLink) ?? .showText(payload)
        }
        let digits = payload.compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
        let payments = change == .thirtyIsNoPayment ? 25...29 : 25...30
        if payload.count == 18, digits.count == 18, payments.contains(digits[0] * 10 + digits[1]) {
            return .pay(code: payload)
        }
        return .showText(payload)
    }
}
