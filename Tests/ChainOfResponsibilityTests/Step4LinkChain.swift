import ChainOfResponsibility
import KataTestSupport
import Testing

@Suite(
    "Chain of Responsibility · Step 4 — The asynchronous business chain", .tags(.scan),
    .noEscapeHatches("ChainOfResponsibility"))
struct Step4LinkChain {
    @Test("The first handler that takes the link wins, with its screen; no later one is asked [4.1]")
    func firstTakerWins() async throws {
        let link = try scannedLink()
        let orders = ScriptedHandler("orders")
        let products = ScriptedHandler("products", takesWith: "Product page")
        let help = ScriptedHandler("help", takesWith: "Help centre")
        let outcome = try await LinkChain([orders, products, help]).resolve(link)
        #expect(
            outcome == .handled(by: "products", screen: "Product page"),
            "The outcome names the first handler that took the link, and its screen")
        #expect(
            orders.asked == 1 && products.asked == 1,
            "Handlers are asked in order until one takes it")
        #expect(help.asked == 0, "No handler after the winner is asked")

        let unnamed = ScriptedHandler("unnamed", takesWith: "")
        let web = ScriptedHandler("web", takesWith: "Web view")
        let blank = try await LinkChain([unnamed, web]).resolve(link)
        #expect(
            blank == .handled(by: "unnamed", screen: ""),
            "A handler that answers any screen, an empty name too, took the link: only nil declines"
        )
        #expect(web.asked == 0, "No handler after one that answered \"\" is asked")
    }

    @Test("The order is configuration: A→B→C and C→B→A have different winners [4.1, 4.3]")
    func orderPicksTheWinner() async throws {
        let link = try scannedLink()
        let a = ScriptedHandler("A", takesWith: "A's screen")
        let b = ScriptedHandler("B")
        let c = ScriptedHandler("C", takesWith: "C's screen")
        #expect(
            try await LinkChain([a, b, c]).resolve(link) == .handled(by: "A", screen: "A's screen"),
            "A→B→C: A takes it")
        #expect(
            try await LinkChain([c, b, a]).resolve(link) == .handled(by: "C", screen: "C's screen"),
            "C→B→A: C takes it")
        #expect(
            a.asked == 1 && b.asked == 0 && c.asked == 1, "Each chain stops at its first handler")
    }

    @Test("When nobody takes the link, every handler was asked once, in order [4.2]")
    func nobodyTakesIt() async throws {
        let link = try scannedLink()
        let log = Recorder<String>()
        let handlers = ["A", "B", "C"].map { ScriptedHandler($0, log: log) }
        #expect(
            try await LinkChain(handlers).resolve(link) == .unhandled,
            "Nobody took it: unhandled")
        #expect(
            log.all == ["A", "B", "C"], "Every handler was asked once, in order, before giving up")
        #expect(
            try await LinkChain([]).resolve(link) == .unhandled,
            "An empty chain handles nothing")
    }

    @Test("Once the caller's task is cancelled, no further handler is asked [4.4]")
    func cancellationStopsTheChain() async throws {
        let link = try scannedLink()
        let first = CancellingHandler("first")
        let second = ScriptedHandler("second", takesWith: "Second's screen")
        let caller = Task { try await LinkChain([first, second]).resolve(link) }
        await #expect(throws: CancellationError.self, "A cancelled caller gets CancellationError") {
            try await caller.value
        }
        #expect(first.asked == 1, "The handler asked before the cancellation was asked once")
        #expect(second.asked == 0, "After the caller is cancelled, nobody else is asked")

        let never = ScriptedHandler("never", takesWith: "Never's screen")
        let cancelledBeforeStart = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await LinkChain([never]).resolve(link)
        }
        await #expect(
            throws: CancellationError.self,
            "A caller cancelled before it asks gets CancellationError"
        ) {
            try await cancelledBeforeStart.value
        }
        #expect(never.asked == 0, "A chain whose caller is already cancelled asks nobody")
    }

    @Test(
        "A handler that throws stops the chain, and its error reaches the caller unchanged, whatever it is [4.5]",
        arguments: handlerFailures)
    func errorsReachTheCaller(failure: HandlerFailure) async throws {
        let link = try scannedLink()
        let declines = ScriptedHandler("orders")
        let fails = ScriptedHandler("payments", throwing: failure.error)
        let fallback = ScriptedHandler("web", takesWith: "Web view")
        var outcome: ChainOutcome?
        var thrown: (any Error)?
        do {
            outcome = try await LinkChain([declines, fails, fallback]).resolve(link)
        } catch {
            thrown = error
        }
        #expect(
            outcome == nil,
            "\(failure.testDescription): a failed check is not a \"no\", and the chain has no outcome: it throws"
        )
        #expect(
            thrown.map(failure.isIt) == true,
            "\(failure.testDescription) reaches the caller as it is, not \(thrown.map { "\($0)" } ?? "nothing")"
        )
        #expect(
            declines.asked == 1 && fails.asked == 1,
            "Each handler up to the one that failed is asked once, the failing one not again")
        #expect(
            fallback.asked == 0, "A failed check is not a \"no\": no later handler takes the link")
    }
}
