// swift-tools-version: 6.1
// Pattern Katas: one module per design pattern, taught against two product domains.
//
// `KATA_SOLUTIONS` picks where each pattern module's sources come from:
//   unset  → Katas/<Pattern>      (your work: the stubs you fill in)
//   1      → Solutions/<Pattern>  (the annotated reference solutions)
// Module and test names are the same in both modes, so the same tests check both.
import PackageDescription

/// Every kata, in the learning path's order: the pattern (its module's name) and the domain
/// modules it is taught against.
///
/// `swift run kata verify` checks that this list, the README's table and the tool's catalog
/// (Sources/KataTool/Catalog.swift) agree.
let katas: [(pattern: String, domains: [String])] = [
    ("Strategy", ["ScanKit"]),
    ("Factory", ["MessagingKit"]),
    ("Flyweight", ["MessagingKit", "ScanKit"]),
    ("Singleton", ["MessagingKit"]),
    ("State", ["MessagingKit", "ScanKit"]),
    ("Command", ["MessagingKit", "LaunchKit"]),
    ("ChainOfResponsibility", ["ScanKit", "MessagingKit"]),
    ("Builder", ["MessagingKit", "LaunchKit"]),
    ("Proxy", ["ScanKit", "MessagingKit"]),
]

/// The capstones, after the nine katas: each rebuilds a legacy feature with the katas' modules.
///
/// `prerequisites` are the kata modules it depends on: in kata mode the learner's own, in
/// solutions mode the references. The kata tool's catalog records which step needs which, and
/// `swift run kata verify` checks that this list names the same capstones with the same
/// prerequisites.
let capstones: [(name: String, prerequisites: [String], domains: [String])] = [
    ("ScanCapstone", ["ChainOfResponsibility", "State", "Proxy"], ["ScanKit"]),
    (
        "MessagingCapstone",
        [
            "Builder", "Factory", "Flyweight", "Singleton", "State", "Command", "Proxy",
            "ChainOfResponsibility",
        ],
        ["MessagingKit"]
    ),
]

let useSolutions = Context.environment["KATA_SOLUTIONS"] == "1"
let patternRoot = useSolutions ? "Solutions" : "Katas"

let package = Package(
    name: "PatternKatas",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kata", targets: ["KataTool"])
    ],
    targets: [
        .target(name: "ScanKit"),
        .target(name: "MessagingKit"),
        .target(name: "LaunchKit"),
        .testTarget(name: "ScanKitTests", dependencies: ["ScanKit"]),
        .testTarget(name: "MessagingKitTests", dependencies: ["MessagingKit", "KataTestSupport"]),
        .testTarget(name: "LaunchKitTests", dependencies: ["LaunchKit"]),
        // What the kata tests share: a seeded generator, the model check, gates, and the
        // escape-hatch scan. A plain library beside the tests, so no kata imports another.
        .target(name: "KataTestSupport", path: "Tests/KataTestSupport"),
        .testTarget(name: "KataTestSupportTests", dependencies: ["KataTestSupport"]),
        // The messaging story, end to end, from the reference solutions: it skips itself in kata
        // mode (kata verify expects it to), so it checks the references, not a learner.
        .testTarget(
            name: "StoryTests",
            dependencies: [
                "MessagingKit", "Factory", "State", "Flyweight", "Singleton", "Command",
                "ChainOfResponsibility", "KataTestSupport",
            ]),
        .executableTarget(name: "KataTool"),
        // Fixtures/: what the toolchain printed, read by path (#filePath), not as resources.
        .testTarget(name: "KataToolTests", dependencies: ["KataTool"], exclude: ["Fixtures"]),
    ]
        + katas.flatMap { kata -> [Target] in
            [
                .target(
                    name: kata.pattern,
                    dependencies: kata.domains.map { .target(name: $0) },
                    path: "\(patternRoot)/\(kata.pattern)",
                    // The brief lives beside the stubs; solutions have none.
                    exclude: useSolutions ? [] : ["README.md", "HINTS.md"]
                ),
                .testTarget(
                    name: "\(kata.pattern)Tests",
                    dependencies: [.target(name: kata.pattern), "KataTestSupport"]
                        + kata.domains.map { .target(name: $0) }
                ),
            ]
        }
        + capstones.flatMap { capstone -> [Target] in
            let dependencies = (capstone.prerequisites + capstone.domains).map {
                Target.Dependency.target(name: $0)
            }
            return [
                .target(
                    name: capstone.name,
                    dependencies: dependencies,
                    path: "\(patternRoot)/\(capstone.name)",
                    exclude: useSolutions ? [] : ["README.md", "HINTS.md"]
                ),
                .testTarget(
                    name: "\(capstone.name)Tests",
                    dependencies: [.target(name: capstone.name), "KataTestSupport"] + dependencies
                ),
            ]
        },
    swiftLanguageModes: [.v6]
)
