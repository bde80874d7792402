import Foundation
import ScanCapstone
import ScanKit

/// One thing the person (or the camera) does to the screen.
enum ScreenAction: Sendable, CustomStringConvertible {
    /// A camera session delivering these frames.
    case camera([Frame])
    /// An album import of this photo, or of nothing.
    case album(Frame?)
    /// A tap at this index.
    case tap(Int)

    var description: String {
        switch self {
        case .camera(let frames):
            "camera " + (frames.isEmpty ? "(no frames)" : frames.map(Self.describe).joined(separator: " "))
        case .album(let photo): "album " + (photo.map(Self.describe) ?? "(nothing picked)")
        case .tap(let index): "tap \(index)"
        }
    }

    private static func describe(_ frame: Frame) -> String {
        "\(frame.number):[" + frame.codes.map(describe).joined(separator: ", ") + "]"
    }

    /// A code as the golden master writes it: symbology, payload with its escapes, position.
    static func describe(_ code: ScannedCode) -> String {
        "\(code.symbology.rawValue) \(String(reflecting: code.payload)) @\(code.bounds.x)"
    }

    /// Does this to `screen`.
    @MainActor
    func apply(to screen: ScanScreen) {
        switch self {
        case .camera(let frames): screen.scanWithCamera(frames)
        case .album(let photo): screen.importPhoto(photo)
        case .tap(let index): screen.tap(index)
        }
    }
}

/// A scenario of the golden master: a fresh screen, and what is done to it.
struct Scenario: Sendable {
    let title: String
    let actions: [ScreenAction]
}

/// What the screen shows, as the golden master writes it.
func describe(_ display: ScanDisplay) -> String {
    switch display {
    case .viewfinder: "viewfinder"
    case .result(let code): "result " + ScreenAction.describe(code)
    case .picker(let codes): "picker [" + codes.map(ScreenAction.describe).joined(separator: ", ") + "]"
    case .message(let text): "message \(String(reflecting: text))"
    }
}

/// Where a code went, as the golden master writes it.
func describe(_ route: ScanRoute) -> String {
    switch route {
    case .openLink(let url): "open link \(url.absoluteString)"
    case .showProduct(let gtin): "show product \(gtin)"
    case .pay(let code): "pay \(code)"
    case .showText(let text): "show text \(String(reflecting: text))"
    }
}

/// Runs every scenario on a screen `makeScreen` makes, and writes what it observes as text: the
/// scenario's title, then each action followed by what the screen shows after it, and each route
/// and opened code the action added.
@MainActor
func transcript(of scenarios: [Scenario], makeScreen: () -> ScanScreen) -> [String] {
    var lines: [String] = []
    for scenario in scenarios {
        lines.append("## \(scenario.title)")
        let screen = makeScreen()
        lines.append("  shows \(describe(screen.display))")
        for action in scenario.actions {
            let routedBefore = screen.routed.count
            let openedBefore = screen.opened.count
            action.apply(to: screen)
            lines.append(action.description)
            lines.append("  shows \(describe(screen.display))")
            lines += screen.routed.dropFirst(routedBefore).map { "  routed \(describe($0))" }
            lines += screen.opened.dropFirst(openedBefore).map { "  opened \(ScreenAction.describe($0))" }
        }
    }
    return lines
}
