/// A random number generator that gives the same numbers for the same seed, on every platform.
///
/// The katas' model tests draw their operation sequences from it, so a failing sequence can be
/// replayed exactly from its seed. It is SplitMix64: tiny, fast, and good enough to spread test
/// cases; it is not for cryptography.
///
/// ```swift
/// var random = SeededGenerator(seed: 42)
/// let roll = Int.random(in: 1...6, using: &random)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The seed this generator started from.
    public let seed: UInt64
    private var state: UInt64

    /// Creates a generator whose numbers depend on `seed` alone.
    public init(seed: UInt64) {
        self.seed = seed
        self.state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// `true` with probability `probability` (0 never, 1 always).
    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
}
