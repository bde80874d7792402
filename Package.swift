// swift-tools-version: 6.1
// Pattern Katas: one module per design pattern, taught against two product domains.
//
// Three environment variables change what this manifest builds (docs/contributing.md, "Manifest
// settings"); nothing else does:
//   KATA_SOLUTIONS=1              each pattern module from Solutions/<Pattern> (the annotated
//                                 references) instead of Katas/<Pattern> (your work)
//   KATA_LEAVE_OUT=Factory,State  those modules left out of the build, with every target that
//                                 needs them: a kata that doesn't compile yet holds no other up
//   KATA_STRICT=1                 warnings are errors, except in Katas/ (CI sets it)
// Module and test names are the same in both modes, so the same tests check both.
import Foundation
import PackageDescription

/// Every kata, in the learning path's order: the pattern (its module's name) and the domain
/// modules it is taught against.
///
/// `swift run kata verify` checks that this list, the README's table and the tool's catalog
/// (Sources/KataCore/Catalog.swift) agree.
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

/// The capstones whose step 0 the learner writes: a characterization net in
/// `<patternRoot>/<Capstone>/Net`, its own test target (`<Capstone>NetTests`), graded against the
/// programs of `Tests/<Capstone>Subjects` (docs/contributing.md, "The learner's net").
let learnerNets = ["ScanCapstone", "MessagingCapstone"]

// MARK: - Manifest settings

/// `KATA_SOLUTIONS=1`: the pattern modules and capstones come from `Solutions/`.
let useSolutions = Context.environment["KATA_SOLUTIONS"] == "1"
let patternRoot = useSolutions ? "Solutions" : "Katas"

/// `KATA_LEAVE_OUT`: the modules, comma-separated, to leave out of the build, each with every
/// target that depends on it (its tests, the capstones that need it, the story tests).
///
/// A name is matched in any case, with or without dashes: `Factory`, `factory`,
/// `chain-of-responsibility`, `FactoryTests` (a kata's tests alone). The kata tool sets it by
/// itself when a kata doesn't compile.
let leaveOut: [String] = (Context.environment["KATA_LEAVE_OUT"] ?? "").split(separator: ",")
    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }

/// `name` as `KATA_LEAVE_OUT` compares it: letters and digits, lowercased.
func comparable(_ name: String) -> String { String(name.lowercased().filter { $0.isLetter || $0.isNumber }) }

/// `targets` without the modules `KATA_LEAVE_OUT` names, nor any target that needs one of them.
///
/// A target that depends on one left out is left out too, and so on down the graph. A name that
/// is no target's stops the build with the list of names it takes.
func leavingOut(_ targets: [Target]) -> [Target] {
    let known = Set(targets.map { comparable($0.name) })
    let unknown = leaveOut.filter { !known.contains(comparable($0)) }
    if !unknown.isEmpty {
        let names = (katas.map(\.pattern) + capstones.map(\.name)).joined(separator: ", ")
        FileHandle.standardError.write(
            Data(
                "error: KATA_LEAVE_OUT names no module: \(unknown.joined(separator: ", ")). It takes any target's name, comma-separated, such as the katas and capstones: \(names).\n"
                    .utf8))
        exit(1)
    }
    var removed = Set(leaveOut.map(comparable))
    func isLeftOut(_ target: Target) -> Bool {
        removed.contains(comparable(target.name))
            || target.dependencies.contains { dependency in
                switch dependency {
                case .targetItem(let name, _), .byNameItem(let name, _): removed.contains(comparable(name))
                default: false
                }
            }
    }
    var kept = targets
    while let index = kept.firstIndex(where: isLeftOut) {
        removed.insert(comparable(kept[index].name))
        kept.remove(at: index)
    }
    return kept
}

/// `KATA_STRICT=1` makes warnings errors in our code and the reference solutions.
///
/// Never in a learner's code (`Katas/`). CI sets it for every step alike, so that its builds
/// share what they compile: a flag given to one build only (`-Xswiftc`) would compile every
/// module once more.
let strict = Context.environment["KATA_STRICT"] == "1"

// MARK: - The package

let targets = leavingOut(
    [
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
        // The kata tool, in three layers (docs/contributing.md, "The kata tool"): what it knows
        // and decides, printing nothing; what it does to the machine (processes, git, the test
        // runner, the console); and the commands, one file each.
        .target(name: "KataCore"),
        .target(name: "KataSystem", dependencies: ["KataCore"]),
        .executableTarget(name: "KataTool", dependencies: ["KataCore", "KataSystem"]),
        // Fixtures/: what the toolchain printed, read by path (#filePath), not as resources.
        .testTarget(
            name: "KataToolTests", dependencies: ["KataCore", "KataSystem", "KataTool"], exclude: ["Fixtures"]
        ),
    ]
        + katas.flatMap { kata -> [Target] in
            [
                .target(
                    name: kata.pattern,
                    dependencies: kata.domains.map { .target(name: $0) },
                    path: "\(patternRoot)/\(kata.pattern)",
                    // The brief and its hints live beside the stubs; solutions have neither.
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
            let hasNet = learnerNets.contains(capstone.name)
            let net: [Target] =
                hasNet
                ? [
                    // The programs the learner's net is graded against, and its seam.
                    .target(
                        name: "\(capstone.name)Subjects",
                        dependencies: [.target(name: capstone.name), "KataTestSupport"] + dependencies,
                        path: "Tests/\(capstone.name)Subjects"
                    ),
                    .testTarget(
                        name: "\(capstone.name)NetTests",
                        dependencies: [.target(name: "\(capstone.name)Subjects")]
                            + capstone.domains.map { .target(name: $0) },
                        path: "\(patternRoot)/\(capstone.name)/Net"
                    ),
                ] : []
            return [
                .target(
                    name: capstone.name,
                    dependencies: dependencies,
                    path: "\(patternRoot)/\(capstone.name)",
                    exclude: (useSolutions ? [] : ["README.md", "HINTS.md"]) + (hasNet ? ["Net"] : [])
                ),
                .testTarget(
                    name: "\(capstone.name)Tests",
                    dependencies: [.target(name: capstone.name), "KataTestSupport"] + dependencies
                ),
            ] + net
        })

let package = Package(
    name: "PatternKatas",
    platforms: [.macOS(.v15)],
    // The tool, unless `KATA_LEAVE_OUT` left it out (a build that needs no tool, such as CI's
    // sanitizer run, leaves out KataCore and so every module of the tool).
    products: targets.contains { $0.name == "KataTool" }
        ? [.executable(name: "kata", targets: ["KataTool"])] : [],
    targets: targets,
    swiftLanguageModes: [.v6]
)

if strict {
    for target in package.targets where !(target.path ?? "").hasPrefix("Katas") {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
    }
}
