import KataTestSupport
import Testing

/// A stack operation, for checking the model check on a system small enough to reason about.
private enum StackOperation: Sendable, CustomStringConvertible, Equatable {
    case push(Int)
    case pop

    static func random(using random: inout SeededGenerator) -> StackOperation {
        random.chance(0.6) ? .push(Int.random(in: 0...9, using: &random)) : .pop
    }

    var description: String {
        switch self {
        case .push(let value): "push(\(value))"
        case .pop: "pop"
        }
    }
}

/// Replays `operations` on a stack that is wrong when `brokenAfter` pushes have happened: from
/// then on it pops from the bottom.
private func replay(_ operations: [StackOperation], brokenAfter pushes: Int?) -> Discrepancy? {
    var system: [Int] = []
    var model: [Int] = []
    var pushed = 0
    for (index, operation) in operations.enumerated() {
        switch operation {
        case .push(let value):
            system.append(value)
            model.append(value)
            pushed += 1
        case .pop:
            if let pushes, pushed >= pushes, !system.isEmpty {
                system.removeFirst()
            } else {
                _ = system.popLast()
            }
            _ = model.popLast()
        }
        if system != model { return Discrepancy(after: index, "stack is \(system), the model says \(model)") }
    }
    return nil
}

@Suite("KataTestSupport — model check")
struct ModelCheckTests {
    @Test("The same seed draws the same sequence; different seeds draw different ones")
    func deterministic() {
        let check = ModelCheck<StackOperation>(sequences: 50) {
            StackOperation.random(using: &$0)
        }
        #expect(check.operations(seed: 7) == check.operations(seed: 7))
        #expect(Set((1...50).map { check.operations(seed: $0).description }).count > 40)
        #expect((1...50).allSatisfy { check.length.contains(check.operations(seed: $0).count) })
    }

    @Test("A system that agrees with its model passes every sequence")
    func agreeing() async {
        let check = ModelCheck<StackOperation> { StackOperation.random(using: &$0) }
        let failure = await check.run { replay($0, brokenAfter: nil) }
        #expect(failure == nil)
    }

    @Test("A disagreement is found, shrunk to the fewest operations that still show it, and described")
    func shrinks() async throws {
        let check = ModelCheck<StackOperation>(sequences: 300, length: 5...30) {
            StackOperation.random(using: &$0)
        }
        let failure = try #require(await check.run { replay($0, brokenAfter: 2) })
        // The smallest failing sequence: two different pushes, then a pop that takes the bottom.
        #expect(failure.operations.count == 3, "shrunk to \(failure.operations)")
        #expect(failure.operations.last == .pop)
        #expect(replay(failure.operations, brokenAfter: 2) != nil, "the shrunk sequence still fails")
        #expect(failure.originalCount >= failure.operations.count)
        let text = failure.description
        #expect(text.contains("The code and its model disagree on this sequence"))
        #expect(text.contains("seed \(failure.seed)"))
        #expect(text.contains("KATA_SEED=\(failure.seed)"))
        #expect(text.contains("3. pop   ← stack is"))
    }

    @Test("A seed's sequence replays exactly: the failure found by a run is found again from its seed")
    func replaysFromSeed() async throws {
        let check = ModelCheck<StackOperation>(sequences: 300, length: 5...30) {
            StackOperation.random(using: &$0)
        }
        let failure = try #require(await check.run { replay($0, brokenAfter: 2) })
        #expect(replay(check.operations(seed: failure.seed), brokenAfter: 2) != nil)
    }
}
