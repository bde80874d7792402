/// A scan state's decision to move the scan view: the state to switch to, and the codes it is
/// about.
///
/// A state returns it; the view holding the states checks it and applies it. The state never sets
/// the view's state itself.
public struct ScanTransition: Sendable, Hashable {
    /// The name of the state to switch to.
    public let next: ScanStateID
    /// The codes the next state is about: none for *no code*, the frame's codes otherwise.
    public let codes: [ScannedCode]

    /// A move to the state named `next`, about `codes`.
    public init(to next: ScanStateID, codes: [ScannedCode] = []) {
        self.next = next
        self.codes = codes
    }
}
