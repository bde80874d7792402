import Foundation

/// `kata solution <kata>`: where the annotated solution is, and a diff of the learner's files.
///
/// Before the learner's first run of the kata's tests, it asks first.
enum SolutionCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) -> Int32 {
        let kata: Kata
        switch context.kataOrCurrent() {
        case .kata(let named): kata = named
        case .everyKataDone: return 0
        case .unknown: return 2
        }
        let workspace = context.workspace
        let name = kata.pattern.name
        if !options.force, !workspace.loadState().ran.contains(name) {
            let question =
                "You haven't run the \(kata.pattern.displayName) tests yet: the kata is yours to try first. "
                + "Show the solution anyway?"
            guard Terminal.confirm(question) else {
                print(
                    "Not shown. Try the kata first (`swift run kata test \(kata.command)`), "
                        + "or add --force to see it now.")
                return 1
            }
        }
        let terminal = context.terminal
        print(terminal.paint("The annotated solution: Solutions/\(name)/", .bold))
        for file in workspace.files(in: "Solutions/\(name)") { print("  Solutions/\(name)/\(file)") }
        print("The guide: docs/patterns/\(kata.pattern.guideFileName)\n")

        print(terminal.paint("Your files (Katas/\(name)/) against it:", .bold))
        var same = 0
        let solved = workspace.swiftFiles(in: "Solutions/\(name)")
        let mine = workspace.swiftFiles(in: "Katas/\(name)")
        for file in mine where !solved.contains(file) {
            print("Katas/\(name)/\(file): yours only, the solution has no such file.")
        }
        for file in solved {
            guard mine.contains(file) else {
                print("Katas/\(name)/\(file): missing; the solution has Solutions/\(name)/\(file).")
                continue
            }
            let diff = Self.diff("Katas/\(name)/\(file)", "Solutions/\(name)/\(file)", in: workspace.root)
            if diff.isEmpty {
                same += 1
                continue
            }
            for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("+") && !line.hasPrefix("+++") {
                    print(terminal.paint(String(line), .green))
                } else if line.hasPrefix("-") && !line.hasPrefix("---") {
                    print(terminal.paint(String(line), .red))
                } else {
                    print(line)
                }
            }
        }
        if same > 0 { print("(\(same) file(s) are the same as the solution's.)") }
        return 0
    }

    /// `diff -u` of two files in `root`; empty when they are the same or `diff` is missing.
    static func diff(_ mine: String, _ theirs: String, in root: URL) -> String {
        // `diff` exits 1 when the files differ: its output is what counts.
        CapturedCommand.run(["diff", "-u", mine, theirs], in: root)?.text ?? ""
    }
}
