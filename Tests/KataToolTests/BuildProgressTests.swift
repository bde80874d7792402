import Foundation
import Synchronization
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("A build you can watch")
struct BuildProgressTests {
    @Test("Real SwiftPM output, read in pieces cut anywhere, ends at 353/353, complete, never going back")
    func realBuild() throws {
        let log = try Fixture.text("build-6.3.log")
        var progress = BuildProgress()
        var fractions: [Double] = []
        var generator = SystemRandomNumberGenerator()
        var rest = Substring(log)
        while !rest.isEmpty {
            let cut = rest.index(
                rest.startIndex, offsetBy: min(rest.count, Int.random(in: 1...300, using: &generator)))
            progress.consume(String(rest[..<cut]))
            fractions.append(progress.fraction)
            rest = rest[cut...]
        }
        #expect(progress.done == 352 && progress.total == 353)
        #expect(progress.current == "Linking PatternKatasPackageTests.xctest")
        #expect(progress.isComplete)
        #expect(fractions == fractions.sorted(), "The bar never goes back, though SwiftPM's total grows")
        #expect(progress.percent == 99)
    }

    @Test("A generated file's full path is named by its file; a line that is no step changes nothing")
    func lines() {
        var progress = BuildProgress()
        var changed = progress.consume("Building for debugging...\n")
        #expect(!changed && !progress.hasStarted)
        changed = progress.consume(
            "[324/332] /a/b/PatternKatasPackageDiscoveredTests.derived/all-discovered-tests.swift\n")
        #expect(changed && progress.current == "Generating all-discovered-tests.swift")
        changed = progress.consume("[325/3")
        #expect(!changed, "Half a line waits for its end")
        changed = progress.consume("32] Write sources\n")
        #expect(changed && progress.done == 325 && progress.current == "Write sources")
    }

    /// A view that keeps what it writes.
    func view(_ terminal: Terminal, width: Int = 80) -> (BuildProgressView, () -> String) {
        let written = Mutex("")
        let view = BuildProgressView(
            terminal: terminal, write: { text in written.withLock { $0 += text } }, width: { width })
        return (view, { written.withLock { $0 } })
    }

    func replay(_ log: String, into view: BuildProgressView, seconds: Int, firstBuild: Bool) {
        var progress = BuildProgress()
        let lines = log.split(separator: "\n")
        for (index, line) in lines.enumerated() {
            progress.consume(line + "\n")
            let elapsed = Duration.seconds(seconds) * (Double(index + 1) / Double(lines.count))
            view.handle(.progress(progress, elapsed: elapsed, firstBuild: firstBuild))
        }
        view.handle(.finished(elapsed: .seconds(seconds)))
    }

    @Test(
        "Not a terminal: a plain line per tenth of the build, the first build said once, then how long it took"
    )
    func plain() throws {
        let (view, written) = view(.plain)
        replay(try Fixture.text("build-6.3.log"), into: view, seconds: 170, firstBuild: true)
        let lines = written().split(separator: "\n")
        #expect(!written().contains("\u{1B}"), "No escape codes where there is no terminal")
        #expect(lines.first?.hasPrefix("The first build compiles the whole package") == true)
        #expect(lines.filter { $0.contains("first build") }.count == 1)
        let steps = lines.filter { $0.hasPrefix("Building: ") }
        #expect((5...11).contains(steps.count), "About one line per tenth, not one per file: \(steps.count)")
        // The percentage is its own counts', never goes back however the total grew, and is
        // left out (counts alone) while the counts' share is below one shown before.
        let counts = steps.compactMap { line in
            line.firstMatch(of: /(\d+)\/(\d+)  (\d+)%/).map {
                (Int($0.1) ?? 0, Int($0.2) ?? 1, Int($0.3) ?? -1)
            }
        }
        #expect(counts.count >= steps.count / 2)
        #expect(counts.allSatisfy { $0.0 * 100 / $0.1 == $0.2 })
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0.2 <= $1.2 }, "\(counts.map(\.2))")
        #expect((counts.last?.2 ?? 0) >= 90)
        #expect(lines.last == "Built in 2:50.")
    }

    @Test(
        "A terminal: one line rewritten in place, never wider than the terminal, erased at the end",
        arguments: [100, 60, 30])
    func terminal(width: Int) throws {
        let (view, written) = view(Terminal(isInteractive: true, usesColor: true), width: width)
        replay(try Fixture.text("build-6.3.log"), into: view, seconds: 170, firstBuild: false)
        let text = written()
        #expect(!text.contains("first build"))
        let drawn = text.components(separatedBy: "\r\u{1B}[2K").filter { !$0.isEmpty }
        #expect(drawn.count > 5)
        let visible = drawn.dropLast().map(withoutColors)
        #expect(visible.allSatisfy { $0.count < width }, "\(visible.filter { $0.count >= width })")
        #expect(visible.allSatisfy { $0.contains("/") && $0.contains(":") })
        #expect(visible.contains { $0.contains("%") })
        if width >= 100 {
            #expect(visible.contains { $0.contains("Compiling ") && $0.contains("▕") })
        }
        #expect(drawn.last.map(withoutColors) == "Built in 2:50.\n")
    }

    @Test("A percentage that never goes back while SwiftPM's total grows, on a terminal too")
    func neverBack() {
        var progress = BuildProgress()
        progress.consume("[73/100] Compiling A a.swift\n")
        #expect(progress.percent == 73)
        progress.consume("[74/106] Compiling A b.swift\n")
        #expect(progress.percent == nil, "74 of 106 is 69%, but 73% was shown already: counts alone")
        #expect(progress.fraction == 0.73, "The bar stays where it was")
        progress.consume("[100/106] Compiling A c.swift\n")
        #expect(progress.percent == 94)
    }

    @Test("The first build's note fits the terminal: broken between words, never inside one")
    func firstBuildNoteFits() throws {
        let (view, written) = view(Terminal(isInteractive: true, usesColor: true), width: 50)
        replay(try Fixture.text("build-6.3.log"), into: view, seconds: 170, firstBuild: true)
        let note = written().components(separatedBy: "\r\u{1B}[2K").map(withoutColors).first {
            $0.contains("first build")
        }
        let lines = try #require(note).split(separator: "\n")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines)")
        #expect(lines.joined(separator: " ").contains("a few minutes on a small machine"))
    }

    /// `text` without its colour codes (`ESC [ 32 m`), as the learner sees it.
    func withoutColors(_ text: String) -> String {
        var visible = ""
        var inCode = false
        for character in text {
            if character == "\u{1B}" {
                inCode = true
            } else if inCode {
                if character == "m" { inCode = false }
            } else {
                visible.append(character)
            }
        }
        return visible
    }

    @Test("A quick rebuild shows nothing: the edit → result loop stays quiet")
    func quick() {
        let (view, written) = view(Terminal(isInteractive: true, usesColor: true))
        var progress = BuildProgress()
        progress.consume("[3/5] Compiling Strategy LexicalSearchStrategy.swift\n")
        view.handle(.progress(progress, elapsed: .milliseconds(600), firstBuild: false))
        view.handle(.finished(elapsed: .milliseconds(900)))
        #expect(written() == "")
    }

    @Test("Minutes and seconds")
    func clock() {
        #expect(BuildProgressView.clock(.seconds(5)) == "0:05")
        #expect(BuildProgressView.clock(.seconds(168)) == "2:48")
        #expect(BuildProgressView.clock(.seconds(600)) == "10:00")
    }
}
