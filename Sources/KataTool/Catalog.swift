/// One kata: its pattern and its steps, each step the test suite that checks it.
struct Kata: Hashable, Sendable {
    /// The pattern the kata teaches; also its module's and folders' name.
    let pattern: Pattern
    /// The suites' type names, step 1 first: `StrategyTests.<suite>` checks that step.
    let suites: [String]

    /// The name a learner types: `chain-of-responsibility`.
    var command: String { String(pattern.guideFileName.dropLast(".md".count)) }

    /// How many steps the kata has.
    var stepCount: Int { suites.count }

    /// The step a test belongs to (1-based), from its identifier
    /// `StrategyTests.Step2NearAddressSearch/…`; `nil` for a test of no step.
    func step(ofTest id: String) -> Int? {
        let prefix = pattern.testModule + "."
        guard id.hasPrefix(prefix) else { return nil }
        let suite = id.dropFirst(prefix.count).prefix { $0 != "/" && $0 != "." }
        return suites.firstIndex { $0 == suite }.map { $0 + 1 }
    }
}

/// Every kata, in the learning path's order: the one list the tool works from.
///
/// `Package.swift`'s katas list, the README's table, the learning path in `docs/README.md` and
/// each kata's test suites must agree with it; `kata verify` checks that they do
/// (``CatalogCheck``).
enum Catalog {
    static let katas: [Kata] = [
        Kata(
            "Strategy",
            ["Step1LexicalSearch", "Step2NearAddressSearch", "Step3PlaceSearchModel", "Step4NewestAnswer"]),
        Kata("Factory", ["Step1PickByScheme", "Step2RefuseBadURLs", "Step3SwapTheFactory"]),
        Kata(
            "Flyweight",
            [
                "Step1SharedConnection", "Step2Handles", "Step3HandleEvents", "Step4KeeperPool",
                "Step5SharedStyles",
            ]),
        Kata("Singleton", ["Step1InjectedPool", "Step2OneInstance"]),
        Kata(
            "State",
            [
                "Step1TransitionTable", "Step2OwnedConnectionDrivesIt", "Step3Observers",
                "Step4LifecycleOperations", "Step5TrafficOperations", "Step6RequestsAndSubscriptions",
                "Step7ItIsAConnection", "Step8ScanViewModel",
            ]),
        Kata(
            "Command",
            [
                "Step1RunNowOrLater", "Step2NothingLost", "Step3Cancel", "Step4Requests", "Step5EveryCaller",
                "Step6Startup",
            ]),
        Kata("ChainOfResponsibility", ["Step1Pipeline", "Step2ScanUnits", "Step3Keeper", "Step4LinkChain"]),
        Kata(
            "Builder",
            [
                "Step1FluentSettings", "Step2EveryProblem", "Step3Connect", "Step4StartupBuilder",
                "Step5StartupList",
            ]),
        Kata(
            "Proxy",
            [
                "Step1CapabilityLocator", "Step2DecoderProxy", "Step3LazyDecoder", "Step4ProtectionProxy",
                "Step5LoggingTransport",
            ]),
    ]

    /// The kata a learner means by `name`: its pattern's name in any case, with or without
    /// spaces, dashes or underscores (`flyweight`, `chain-of-responsibility`), or its number in
    /// the learning path (`3`).
    static func kata(named name: String) -> Kata? {
        if let number = Int(name), katas.indices.contains(number - 1) { return katas[number - 1] }
        let wanted = normalized(name)
        return katas.first { normalized($0.pattern.name) == wanted }
    }

    /// The katas whose names are close to `name`, closest first, for "did you mean …".
    static func suggestions(for name: String) -> [Kata] {
        let wanted = normalized(name)
        guard !wanted.isEmpty else { return [] }
        let scored = katas.map { kata -> (kata: Kata, distance: Int) in
            let candidate = normalized(kata.pattern.name)
            let isPrefix = candidate.hasPrefix(wanted) || wanted.hasPrefix(candidate)
            // `cor` for Chain of Responsibility: the words' first letters.
            let initials = String(kata.command.split(separator: "-").compactMap(\.first))
            return (kata, isPrefix || initials == wanted ? 0 : editDistance(wanted, candidate))
        }
        return scored.filter { $0.distance <= max(2, wanted.count / 3) }
            .sorted { $0.distance < $1.distance }
            .map(\.kata)
    }

    /// The kata of a test module (`FlyweightTests`), if it is one.
    static func kata(ofTestModule module: String) -> Kata? {
        katas.first { $0.pattern.testModule == module }
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The Levenshtein distance: how many single-letter edits turn `a` into `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

extension Kata {
    fileprivate init(_ name: String, _ suites: [String]) {
        self.init(pattern: Pattern(name: name), suites: suites)
    }
}
