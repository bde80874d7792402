/// A colour the scan view draws its overlays in, over the camera picture.
public enum OverlayColor: String, Sendable, Hashable, CaseIterable {
    /// Blue.
    case blue
    /// Purple.
    case purple
    /// Green.
    case green
    /// Teal.
    case teal
    /// Orange.
    case orange
    /// The colour of the one code the person picked: no symbology uses it.
    case yellow
}
