import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("One current kata, the same for every command")
struct CurrentKataTests {
    func state(done: [String] = [], chosen: String? = nil) -> LearnerState {
        var state = LearnerState()
        state.done = Set(done)
        state.chosen = chosen
        return state
    }

    @Test("Nothing named: the first kata not done, in the learning path's order")
    func firstNotDone() {
        #expect(state().currentKata?.pattern.name == "Strategy")
        #expect(state(done: ["Strategy", "Factory"]).currentKata?.pattern.name == "Flyweight")
        #expect(state(done: ["Factory"]).currentKata?.pattern.name == "Strategy")
    }

    @Test("A kata named is the current one while it is not done, earlier katas unfinished or not")
    func named() {
        #expect(state(chosen: "State").currentKata?.pattern.name == "State")
        #expect(state(done: ["Factory"], chosen: "Factory").currentKata?.pattern.name == "Flyweight")
    }

    @Test("Once the named kata is done: the next one not done after it, coming round to the start")
    func after() {
        #expect(
            state(done: ["State", "Command"], chosen: "State").currentKata?.pattern.name
                == "ChainOfResponsibility")
        #expect(state(done: ["Proxy"], chosen: "Proxy").currentKata?.pattern.name == "ScanCapstone")
        #expect(
            state(done: ["Proxy", "ScanCapstone"], chosen: "Proxy").currentKata?.pattern.name
                == "MessagingCapstone")
        #expect(
            state(done: ["Proxy", "ScanCapstone", "MessagingCapstone"], chosen: "Proxy").currentKata?.pattern
                .name
                == "Strategy")
        #expect(state(done: Catalog.katas.map(\.pattern.name), chosen: "State").currentKata == nil)
        #expect(state(done: Catalog.katas.map(\.pattern.name)).currentKata == nil)
    }

    @Test("A state file from an older tool has no done katas and no choice")
    func olderStateFile() throws {
        let old = #"{"ran": ["Strategy"], "currentStep": {"Strategy": 2}}"#
        let state = try JSONDecoder().decode(LearnerState.self, from: Data(old.utf8))
        #expect(state.done.isEmpty && state.chosen == nil)
        #expect(state.currentKata?.pattern.name == "Strategy")
    }

    @Test("Naming a kata doesn't move you; working on one does; naming none takes the current one")
    func commands() throws {
        let folder = try TemporaryFolder()
        let workspace = Workspace(root: folder.url)
        func context(_ positional: [String]) -> KataCommand.Context {
            var options = Options()
            options.positional = positional
            return KataCommand.Context(workspace: workspace, terminal: .plain, options: options)
        }
        func choice(_ positional: [String]) -> String {
            do {
                return try context(positional).kataOrCurrent().pattern.name
            } catch {
                switch error {
                case .success: return "every kata done"
                case .usage: return "unknown"
                default: return "exit status \(error.rawValue)"
                }
            }
        }
        #expect(choice([]) == "Strategy")
        #expect(choice(["chain-of-responsibility"]) == "ChainOfResponsibility")
        #expect(choice([]) == "Strategy", "A look at another kata (its hint, its solution) doesn't move you")
        context([]).workOn(try #require(Catalog.kata(named: "chain-of-responsibility")))
        #expect(choice([]) == "ChainOfResponsibility", "Testing or watching a kata moves you to it")
        #expect(choice(["nonsense"]) == "unknown")
        #expect(choice([]) == "ChainOfResponsibility", "A wrong name changes nothing")
        var state = workspace.loadState()
        state.done = Set(Catalog.katas.map(\.pattern.name))
        workspace.save(state)
        #expect(choice([]) == "every kata done")
    }

    @Test("A declined solution leaves you on your kata; a hint for another kata too")
    func lookingDoesNotMove() async throws {
        let folder = try TemporaryFolder()
        let workspace = Workspace(root: folder.url)
        var state = workspace.loadState()
        state.chosen = "Factory"
        workspace.save(state)
        var solution = Options()
        solution.positional = ["flyweight"]
        let asked = KataCommand.Context(workspace: workspace, terminal: .plain, options: solution)
        // The tests' standard input is no terminal: the question is declined.
        let status = try await blocking { [solution] in try SolutionCommand.run(solution, asked) }
        #expect(status == .failure, "Flyweight was never tried: its solution is asked about, and declined")
        #expect(
            workspace.loadState().chosen == "Factory", "Declining Flyweight's solution keeps you on Factory")
        var hint = solution
        hint.step = 1
        let hinted = KataCommand.Context(workspace: workspace, terminal: .plain, options: hint)
        _ = try await blocking { [hint] in try HintCommand.run(hint, hinted) }
        #expect(workspace.loadState().chosen == "Factory", "A hint for Flyweight keeps you on Factory")
    }
}
