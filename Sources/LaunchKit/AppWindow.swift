/// A stand-in for the app's window: what the start-up commands set up, and what tests read.
public final class AppWindow {
    /// The colour that tints buttons and links, once applied.
    public private(set) var tint: String?
    /// The first screen, once shown.
    public private(set) var rootScreen: String?
    /// Whether the window is on screen.
    ///
    /// It becomes visible when it shows a root screen.
    public private(set) var isVisible = false

    /// Creates a window that shows nothing yet.
    public init() {}

    /// Tints the window's buttons and links with `colour`.
    public func applyTint(_ colour: String) {
        tint = colour
    }

    /// Puts `screen` at the root of the window and makes the window visible.
    public func show(_ screen: String) {
        rootScreen = screen
        isVisible = true
    }
}
