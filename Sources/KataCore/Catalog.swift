/// One kata: its pattern and its steps, each step the test suite that checks it.
///
/// A capstone is a kata too, after the nine: it rebuilds a legacy feature with the katas' own
/// modules. Its ``pattern`` is its module (`ScanCapstone`), not a pattern, and ``capstone`` says
/// what sets it apart.
package struct Kata: Hashable, Sendable {
    /// The pattern the kata teaches; also its module's and folders' name.
    package let pattern: Pattern
    /// The suites' type names, step 1 first: `StrategyTests.<suite>` checks that step.
    let suites: [String]
    /// What only a capstone has; `nil` for a pattern's kata.
    package var capstone: Capstone?

    /// What a capstone has that a pattern's kata has not.
    package struct Capstone: Hashable, Sendable {
        /// The characterization suites' type names: they pin the legacy code's behaviour, so
        /// they pass on the stubs and after every step (the brief's step 0).
        package let safetyNets: [String]
        /// The katas each step needs done, step 1 first: in kata mode the capstone runs the
        /// learner's own modules of them.
        let stepPrerequisites: [[Pattern]]
        /// The test module of the net the learner writes at step 0 (`ScanCapstoneNetTests`, in
        /// `Katas/ScanCapstone/Net`), graded against planted changes; `nil` when step 0 is given.
        package var learnerNet: String? = nil
    }

    /// Whether this is a capstone, not a pattern's kata.
    package var isCapstone: Bool { capstone != nil }

    /// The katas any step needs, in the order the steps first name them.
    package var prerequisites: [Pattern] {
        (capstone?.stepPrerequisites ?? []).joined().reduce(into: []) { seen, pattern in
            if !seen.contains(pattern) { seen.append(pattern) }
        }
    }

    /// The katas step `step` (1-based) needs done.
    package func prerequisites(ofStep step: Int) -> [Pattern] {
        guard let steps = capstone?.stepPrerequisites, steps.indices.contains(step - 1) else { return [] }
        return steps[step - 1]
    }

    /// The test modules a run of this kata selects: its own, and for a capstone its
    /// prerequisites', so that one build and one run also say how far those katas are.
    package var testModules: [String] {
        [pattern.testModule] + (capstone?.learnerNet.map { [$0] } ?? []) + prerequisites.map(\.testModule)
    }

    /// Whether the test `id` belongs to one of the capstone's characterization suites.
    func isSafetyNet(test id: String) -> Bool {
        let suite = suite(ofTest: id)
        return capstone?.safetyNets.contains { suite == $0[...] } ?? false
    }

    /// The name a learner types: `chain-of-responsibility`.
    package var command: String { Self.command(of: pattern) }

    /// The name a learner types for `pattern`'s kata.
    package static func command(of pattern: Pattern) -> String {
        String(pattern.guideFileName.dropLast(".md".count))
    }

    /// How many steps the kata has.
    package var stepCount: Int { suites.count }

    /// The step a test belongs to (1-based), from its identifier
    /// `StrategyTests.Step2NearAddressSearch/…`; `nil` for a test of no step.
    package func step(ofTest id: String) -> Int? {
        suite(ofTest: id).flatMap { suite in suites.firstIndex { $0 == suite }.map { $0 + 1 } }
    }

    /// The suite of the test `id`, if it is one of this kata's module.
    private func suite(ofTest id: String) -> Substring? {
        let prefix = pattern.testModule + "."
        guard id.hasPrefix(prefix) else { return nil }
        return id.dropFirst(prefix.count).prefix { $0 != "/" && $0 != "." }
    }
}

/// Every kata, in the learning path's order: the one list the tool works from.
///
/// `Package.swift`'s katas and capstones lists, the README's table, the learning path in
/// `docs/README.md` and each kata's test suites must agree with it; `kata verify` checks that
/// they do (``CatalogCheck``).
package enum Catalog {
    /// The nine patterns' katas, then the capstones.
    package static let katas: [Kata] = [
        Kata(
            "Strategy", steps: "Step1LexicalSearch", "Step2NearAddressSearch", "Step3PlaceSearchModel",
            "Step4NewestAnswer"),
        Kata(
            "Factory", steps: "Step1PickByScheme", "Step2RefuseBadURLs", "Step3SwapTheFactory",
            "Step4MatchingFamilies", "Step5OneBackend"),
        Kata(
            "Flyweight", steps: "Step1SharedStyle", "Step2StyleFactory", "Step3Overlay", "Step4KeyedPool",
            "Step5KeeperView"),
        Kata(
            "Singleton", steps: "Step1InjectedPool", "Step2OneInstance", "Step3SetAtLaunch",
            "Step4CurrentManager", "Step5SharedRooms"),
        Kata(
            "State", steps: "Step1TableAndReports", "Step2Operations", "Step3Observers", "Step4Traffic",
            "Step5ItIsAConnection", "Step6ScanViewModel"),
        Kata(
            "Command", steps: "Step1RunNowOrLater", "Step2NothingLost", "Step3Cancel", "Step4Requests",
            "Step5Startup"),
        Kata(
            "ChainOfResponsibility", steps: "Step1Pipeline", "Step2ScanUnits", "Step3Keeper", "Step4LinkChain"
        ),
        Kata(
            "Builder", steps: "Step1FluentSettings", "Step2EveryProblem", "Step3Connect",
            "Step4StartupBuilder", "Step5StartupList"),
        Kata(
            "Proxy", steps: "Step1CapabilityLocator", "Step2DecoderProxy", "Step3LazyDecoder",
            "Step4ProtectionProxy", "Step5LoggingTransport"),
        Kata(
            capstone: "ScanCapstone", title: "Scan capstone", safetyNets: ["SafetyNet"],
            learnerNet: "ScanCapstoneNetTests",
            steps: [
                ("Step1Pipeline", ["ChainOfResponsibility"]), ("Step2ScanView", ["State"]),
                ("Step3CapabilityRegistry", ["Proxy"]),
                ("Step4Payoff", ["ChainOfResponsibility", "State", "Proxy"]),
            ]),
        Kata(
            capstone: "MessagingCapstone", title: "Messaging capstone", safetyNets: ["Characterization"],
            learnerNet: "MessagingCapstoneNetTests",
            steps: [
                ("Step1Handle", ["Factory"]), ("Step2HandleSays", []),
                ("Step3KeeperRules", ["ChainOfResponsibility"]),
                ("Step4OneConnectionPerURL", ["Builder", "Flyweight", "Singleton"]),
                ("Step5Lifecycle", ["State"]), ("Step6Sends", ["Command", "Proxy"]),
                ("Step7Keeper", ["ChainOfResponsibility"]),
                (
                    "Step8Payoff",
                    [
                        "Builder", "Factory", "Flyweight", "Singleton", "State", "Command", "Proxy",
                        "ChainOfResponsibility",
                    ]
                ),
            ]),
    ]

    /// The nine patterns' katas, without the capstones.
    static var patternKatas: [Kata] { katas.filter { !$0.isCapstone } }

    /// The capstones, in the learning path's order.
    static var capstones: [Kata] { katas.filter(\.isCapstone) }

    /// The kata a learner means by `name`: its pattern's (or capstone's) name in any case, with
    /// or without spaces, dashes or underscores (`flyweight`, `chain-of-responsibility`,
    /// `scan-capstone`), or its number in the learning path (`3`).
    package static func kata(named name: String) -> Kata? {
        if let number = Int(name), katas.indices.contains(number - 1) { return katas[number - 1] }
        let wanted = normalized(name)
        return katas.first { normalized($0.pattern.name) == wanted }
    }

    /// The katas whose names are close to `name`, closest first, for "did you mean …".
    package static func suggestions(for name: String) -> [Kata] {
        let wanted = normalized(name)
        guard !wanted.isEmpty else { return [] }
        let scored = katas.map { kata -> (kata: Kata, distance: Int) in
            let candidate = normalized(kata.pattern.name)
            let isPrefix = candidate.hasPrefix(wanted) || wanted.hasPrefix(candidate)
            // `capstone` for the Scan capstone: a whole word of its name.
            let isWord = kata.command.split(separator: "-").contains { $0 == wanted } && wanted.count > 3
            // `cor` for Chain of Responsibility: the words' first letters.
            let initials = String(kata.command.split(separator: "-").compactMap(\.first))
            return (kata, isPrefix || isWord || initials == wanted ? 0 : editDistance(wanted, candidate))
        }
        return scored.filter { $0.distance <= max(2, wanted.count / 3) }
            .sorted { $0.distance < $1.distance }
            .map(\.kata)
    }

    /// The kata of a test module (`FlyweightTests`, or a capstone's learner net), if it is one.
    package static func kata(ofTestModule module: String) -> Kata? {
        katas.first { $0.pattern.testModule == module || $0.capstone?.learnerNet == module }
    }

    /// The kata whose module (`Flyweight`) or test module (`FlyweightTests`) `module` is.
    package static func kata(ofModule module: String) -> Kata? {
        katas.first { $0.pattern.name == module || $0.pattern.testModule == module }
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The Levenshtein distance: how many single-letter edits turn `a` into `b`.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let b = Array(b)
        // One row of the table at a time: the distances from a prefix of `a` to each prefix of `b`.
        var previous = Array(0...b.count)
        for (i, letter) in a.enumerated() {
            var current = [i + 1]
            for j in b.indices {
                let substitution = previous[j] + (letter == b[j] ? 0 : 1)
                current.append(min(previous[j + 1] + 1, current[j] + 1, substitution))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension Kata {
    fileprivate init(_ name: String, steps suites: String...) {
        self.init(pattern: Pattern(name: name), suites: suites)
    }

    /// A capstone: its module, how a learner reads its name, its characterization suites, the
    /// test module of the net the learner writes (if step 0 is theirs), and each step's suite with
    /// the katas it needs.
    fileprivate init(
        capstone name: String, title: String, safetyNets: [String], learnerNet: String? = nil,
        steps: [(suite: String, needs: [String])]
    ) {
        self.init(
            pattern: Pattern(name: name, displayName: title), suites: steps.map(\.suite),
            capstone: Capstone(
                safetyNets: safetyNets, stepPrerequisites: steps.map { $0.needs.map { Pattern(name: $0) } },
                learnerNet: learnerNet))
    }
}
