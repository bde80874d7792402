import Foundation

/// Runs seeded random sequences of operations against the code under test and a small
/// reference model, and finds the shortest sequence on which they disagree.
///
/// A table of hand-picked cases checks the cases someone thought of. A model check covers the
/// orders nobody thought of: it draws hundreds of operation sequences (faults included: a
/// dropped connection, a send that fails once, a cancel at any moment), plays each one on a
/// fresh system and a fresh model, and compares the two after every operation. When they
/// disagree it shrinks the sequence (it drops operations while the disagreement remains) and
/// reports the seed, the short sequence and where the code and the model disagreed.
///
/// ```swift
/// let check = ModelCheck<OutboxOperation>(sequences: 300, length: 1...12) { random in
///     OutboxOperation.random(using: &random)
/// }
/// let failure = await check.run { operations in
///     let outbox = …, model = OutboxModel()
///     for (index, operation) in operations.enumerated() {
///         apply(operation, to: outbox); model.apply(operation)
///         if outbox.pending != model.pending {
///             return Discrepancy(after: index, "pending is \(outbox.pending), the model says \(model.pending)")
///         }
///     }
///     return nil
/// }
/// #expect(failure == nil, "\(failure!)")
/// ```
///
/// `swift test` passes no arguments to tests, so a failing seed is replayed through the
/// environment: `KATA_SEED=17 swift test --filter …` runs only sequence 17 of every model check.
public struct ModelCheck<Operation: Sendable & CustomStringConvertible>: Sendable {
    /// How many sequences to try; each has its own seed, 1 to `sequences`.
    public let sequences: Int
    /// How many operations a sequence has.
    public let length: ClosedRange<Int>
    /// Draws one operation.
    public let generate: @Sendable (inout SeededGenerator) -> Operation

    /// The most replays shrinking may spend on one failure.
    static var shrinkBudget: Int { 500 }

    /// A check over `sequences` sequences, each `length` operations long, drawn one
    /// operation at a time by `generate`.
    public init(
        sequences: Int = 200, length: ClosedRange<Int> = 1...12,
        generate: @escaping @Sendable (inout SeededGenerator) -> Operation
    ) {
        precondition(sequences > 0 && length.lowerBound >= 0, "a model check needs sequences to run")
        self.sequences = sequences
        self.length = length
        self.generate = generate
    }

    /// The seeds this run tries: only `KATA_SEED` when it is set, else 1 to ``sequences``.
    public var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["KATA_SEED"], let seed = UInt64(text) {
            return [seed]
        }
        return (1...UInt64(sequences)).map { $0 }
    }

    /// The operation sequence of `seed`.
    public func operations(seed: UInt64) -> [Operation] {
        var random = SeededGenerator(seed: seed)
        let count = Int.random(in: length, using: &random)
        return (0..<count).map { _ in generate(&random) }
    }

    /// Plays every sequence with `replay` and returns the first disagreement, shrunk; `nil`
    /// when the code and the model agreed on every sequence.
    ///
    /// - Parameter replay: Builds a fresh system and model, applies `operations` to both in
    ///   order, compares them after each one, and returns the first ``Discrepancy`` (or `nil`).
    ///   It must not depend on anything but its argument: shrinking calls it again and again.
    public func run(
        _ replay: ([Operation]) async throws -> Discrepancy?
    ) async rethrows -> ModelCheckFailure<Operation>? {
        for seed in seeds {
            let operations = operations(seed: seed)
            guard let discrepancy = try await replay(operations) else { continue }
            let (shortest, itsDiscrepancy) = try await shrink(operations, discrepancy, replay)
            return ModelCheckFailure(
                seed: seed, originalCount: operations.count, operations: shortest,
                discrepancy: itsDiscrepancy)
        }
        return nil
    }

    /// Drops chunks of operations, then single ones, for as long as the sequence still fails.
    private func shrink(
        _ operations: [Operation], _ discrepancy: Discrepancy,
        _ replay: ([Operation]) async throws -> Discrepancy?
    ) async rethrows -> ([Operation], Discrepancy) {
        var best = (operations: operations, discrepancy: discrepancy)
        // Nothing after the operation that broke the rule matters.
        let prefix = Array(operations.prefix(discrepancy.after + 1))
        if prefix.count < operations.count, let found = try await replay(prefix) {
            best = (prefix, found)
        }
        var budget = Self.shrinkBudget
        var chunk = max(1, best.operations.count / 2)
        while chunk >= 1, budget > 0 {
            var start = 0
            var removedAny = false
            while start < best.operations.count, budget > 0 {
                var candidate = best.operations
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                budget -= 1
                if let found = try await replay(candidate) {
                    best = (candidate, found)
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return best
    }
}

/// Where the code under test and its model first disagreed.
public struct Discrepancy: Sendable, Equatable, CustomStringConvertible {
    /// The index of the operation after which they disagreed (0 for the first).
    public let after: Int
    /// What differed: what the code did and what the model expected.
    public let message: String

    /// A disagreement seen after operation `after` (0-based), described by `message`.
    public init(after: Int, _ message: String) {
        self.after = after
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// A sequence on which the code under test broke a rule, shrunk, with how to replay it.
public struct ModelCheckFailure<Operation: Sendable & CustomStringConvertible>: Sendable,
    CustomStringConvertible
{
    /// The seed whose sequence failed.
    public let seed: UInt64
    /// How many operations that sequence had before shrinking.
    public let originalCount: Int
    /// The shortest sequence found that still fails.
    public let operations: [Operation]
    /// Where, on that sequence, the code and the model disagreed.
    public let discrepancy: Discrepancy

    /// The numbered operations up to the disagreement, what differed, and the replay command.
    ///
    /// No rule number: the test's name cites it, and the disagreement says what broke.
    public var description: String {
        var lines = [
            "The code and its model disagree on this sequence (seed \(seed), shortened from \(originalCount) "
                + "operations to \(operations.count)):"
        ]
        for (index, operation) in operations.enumerated() where index <= discrepancy.after {
            let marker = index == discrepancy.after ? "   ← \(discrepancy.message)" : ""
            lines.append("  \(index + 1). \(operation)\(marker)")
        }
        lines.append("Replay only this sequence: KATA_SEED=\(seed) swift test --filter <the kata's tests>")
        return lines.joined(separator: "\n")
    }
}
