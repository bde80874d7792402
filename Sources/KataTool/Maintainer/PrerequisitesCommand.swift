import KataCore
import KataSystem

/// `kata prerequisites <kata>`: the kata modules a capstone needs, one a line, none for a kata,
/// for scripts (`.ci/wrong-solutions`) that can't read the catalog or parse JSON.
enum PrerequisitesCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) -> ExitStatus {
        guard let kata = context.kata() else { return .usage }
        for pattern in kata.prerequisites { context.output.line(pattern.name) }
        return .success
    }
}
