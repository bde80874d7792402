// Spoiler for the scan capstone's step 0: this file is the planted changes your net must
// catch, written out. Write your net from the brief first; read this after, or never.

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

    /// What a learner reads for a change their net misses: the behaviour that changed, not the
    /// input that shows it (finding that input is the exercise).
    var description: String {
        switch self {
        case .sharesHistory: "Two screens of one app share something they shouldn't."
        case .forgetsEarlierRoutes: "A session changes what earlier sessions routed."
        case .remembersCodesAcrossSessions: "What counts as a duplicate changed."
        case .emptyFrameKeepsCodes: "A frame changes what the screen shows in fewer cases than before."
        case .emptySessionClearsScreen: "A session changes what the screen shows where it didn't before."
        case .pickerTapShowsTheCode: "A tap changes what the screen shows."
        case .oneCodeOpensOnlyAtZero: "Some taps that opened a code no longer do."
        case .thirtyIsNoPayment: "The payment rule takes fewer codes."
        case .capitalLinkIsText: "The link rule takes fewer codes."
        case .routesInPayloadOrder: "Codes are routed in a different order."
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
