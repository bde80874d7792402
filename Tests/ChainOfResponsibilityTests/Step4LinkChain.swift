import ChainOfResponsibility
import Foundation
import KataTestSupport
import Testing

@Suite(
    "Chain of Responsibility · Step 4 — Handlers that hold their successor", .tags(.scan),
    .noEscapeHatches("ChainOfResponsibility"))
struct Step4LinkChain {
    @Test(
        "passOn asks next once, with the same link, and answers what it answers; at the end of the chain, nobody took it [4.1]"
    )
    func passOnAsksNext() async throws {
        let order = try link("https://shop.example/orders/1042")
        for answer in [
            ChainOutcome.handled(by: "orders", screen: "Order"), .handled(by: "blank", screen: ""),
        ] {
            guard case .handled(let name, let screen) = answer else { continue }
            let taker = Probe(name, .take(screen: screen))
            let forwarder = Probe("forwarder", .passOn, next: taker)
            #expect(
                try await forwarder.handle(order) == answer,
                "A handler that passes on answers with what the next one answered: \(answer)")
            #expect(taker.links == [order], "The next handler is asked once, with the same link")
        }

        let log = Recorder<String>()
        let last = Probe("C", .passOn, log: log)
        let chain = Probe("A", .passOn, next: Probe("B", .passOn, next: last, log: log), log: log)
        #expect(try await chain.handle(order) == .unhandled, "Nobody took it: unhandled")
        #expect(log.all == ["A", "B", "C"], "Each handler was asked once, in order, before giving up")
        #expect(
            try await Probe("alone", .passOn).handle(order) == .unhandled,
            "A handler with no next that passes on: nobody took it")
    }

    @Test(
        "Once the caller's task is cancelled, passOn throws CancellationError and nobody else is asked [4.2]")
    func cancellationStopsTheChain() async throws {
        let order = try link("https://shop.example/orders/1042")
        let after = Probe("after", .take(screen: "After"))
        let leaving = Probe("leaving", .cancelThenPassOn, next: after)
        let caller = Task { try await leaving.handle(order) }
        await #expect(throws: CancellationError.self, "A cancelled caller gets CancellationError") {
            try await caller.value
        }
        #expect(leaving.links == [order], "The handler asked before the cancellation was asked once")
        #expect(after.links.isEmpty, "After the caller is cancelled, nobody else is asked")

        let never = Probe("never", .take(screen: "Never"))
        let cancelledBeforeStart = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await WebView(next: never).handle(try link("ftp://files.example/a"))
        }
        await #expect(
            throws: CancellationError.self,
            "Your handler passing on for a caller already cancelled throws CancellationError"
        ) {
            try await cancelledBeforeStart.value
        }
        #expect(never.links.isEmpty, "A caller already cancelled: nobody is asked")

        let atTheEnd = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await TrackingCleaner(next: nil).handle(try link("https://shop.example/p/1"))
        }
        await #expect(
            throws: CancellationError.self,
            "A cancelled caller gets CancellationError at the end of the chain too, not \"nobody took it\""
        ) {
            try await atTheEnd.value
        }
    }

    @Test(
        "An error from further down reaches the caller as it is, and nobody after it is asked [4.3]",
        arguments: handlerFailures)
    func errorsReachTheCaller(failure: HandlerFailure) async throws {
        let tagged = try link("ftp://files.example/a?utm_source=mail")
        let fallback = Probe("fallback", .take(screen: "Fallback"))
        let fails = Probe("fails", .fail(failure.error), next: fallback)
        let chain = TrackingCleaner(next: PaymentLinks(next: WebView(next: fails)))
        var outcome: ChainOutcome?
        var thrown: (any Error)?
        do {
            outcome = try await chain.handle(tagged)
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
        #expect(fails.links.count == 1, "The failing handler was asked once")
        #expect(fallback.links.isEmpty, "A failed check is not a \"no\": no later handler takes the link")
    }

    @Test(
        "PaymentLinks takes a shoppay link, in any case, and asks nobody after it; any other it passes on unchanged [4.4]",
        arguments: [
            ("shoppay:order/1042", true), ("SHOPPAY:order/1042", true), ("ShopPay://pay?id=7", true),
            ("https://pay.example/shoppay", false), ("shoppayx:order/1042", false),
            ("mailto:help@shop.example", false), ("http://shop.example/p/AbC12", false),
            ("HTTPS://shop.example/p/1", false), ("Mailto:help@shop.example", false),
        ])
    func paymentLinks(text: String, takes: Bool) async throws {
        try await Self.check(
            text, takes ? .handled(by: "payments", screen: "Payment") : nil, kind: "a payment link"
        ) { PaymentLinks(next: $0) }
    }

    @Test(
        "WebView takes an http or https link, in any case; any other it passes on unchanged [4.5]",
        arguments: [
            ("https://shop.example/p/AbC12?Ref=XyZ", true), ("http://shop.example", true),
            ("HTTPS://SHOP.EXAMPLE/", true), ("ftp://files.example/a", false),
            ("shoppay:order/1042", false), ("httpx://shop.example", false), ("file:///tmp/a", false),
            ("FTP://files.example/a", false),
        ])
    func webView(text: String, takes: Bool) async throws {
        try await Self.check(text, takes ? .handled(by: "web", screen: "Web view") : nil, kind: "a web link")
        {
            WebView(next: $0)
        }
    }

    /// Checks one handler against one link, asked twice and at a chain's end.
    ///
    /// The handler `make` builds, in front of a probe that takes everything, gets the link `text`
    /// twice: it answers `taken` both times and asks nobody after it, or (`taken` is `nil`) passes
    /// the link on each time, unchanged, and answers what the probe answered. At the end of a
    /// chain (no next), a link it doesn't take is `.unhandled`.
    static func check(
        _ text: String, _ taken: ChainOutcome?, kind: String, make: ((any LinkHandler)?) -> any LinkHandler
    ) async throws {
        let scanned = try link(text)
        let next = Probe("next", .take(screen: "Next"))
        let handler = make(next)
        let outcomes = [try await handler.handle(scanned), try await handler.handle(scanned)]
        let atTheEnd = try await make(nil).handle(scanned)
        if let taken {
            #expect(outcomes == [taken, taken], "\(text) is \(kind), the second time too")
            #expect(next.links.isEmpty, "A handler that takes the link asks nobody after it")
            #expect(atTheEnd == taken, "\(text) is \(kind) at the end of a chain too")
        } else {
            let answered = ChainOutcome.handled(by: "next", screen: "Next")
            #expect(
                outcomes == [answered, answered],
                "\(text) is not \(kind): the next one answers, the second time too")
            #expect(next.links == [scanned, scanned], "\(text) passes on each time, unchanged")
            #expect(
                atTheEnd == .unhandled,
                "\(text) is not \(kind), and at the end of a chain nobody took it: unhandled")
        }
    }

    @Test(
        "TrackingCleaner removes the utm_ query items, keeps the rest as written, and passes the link on [4.6]",
        arguments: [
            (
                "https://shop.example/p/1?utm_source=mail&ref=a&utm_medium=x&Utm_id=2",
                "https://shop.example/p/1?ref=a&Utm_id=2"
            ),
            ("https://shop.example/p/1?utm_source=mail", "https://shop.example/p/1"),
            ("https://shop.example/p/1?utm_source=mail&utm_id=3#top", "https://shop.example/p/1#top"),
            ("https://shop.example/p/1", "https://shop.example/p/1"),
            ("https://shop.example/p/1?ref=utm_source&b=2", "https://shop.example/p/1?ref=utm_source&b=2"),
            ("https://shop.example/p/1?utmost=1&utm=2&utm_x=3", "https://shop.example/p/1?utmost=1&utm=2"),
            (
                "https://shop.example/s?q=red%20shoes&utm_id=1&q=two",
                "https://shop.example/s?q=red%20shoes&q=two"
            ),
            ("shoppay:order?utm_campaign=x&id=7", "shoppay:order?id=7"),
            (
                "https://shop.example/s?q=a%2Bb&utm_id=1&next=%2Fcart%3Fx%3D1",
                "https://shop.example/s?q=a%2Bb&next=%2Fcart%3Fx%3D1"
            ),
            ("https://shop.example/p/1?gift&utm_source=mail", "https://shop.example/p/1?gift"),
            ("https://shop.example/p/1?keep_utm_x=1&utm_id=2", "https://shop.example/p/1?keep_utm_x=1"),
        ])
    func trackingCleaner(text: String, cleaned: String) async throws {
        let scanned = try link(text)
        let expected = try link(cleaned)
        let next = Probe("next", .take(screen: "Next"))
        let cleaner = TrackingCleaner(next: next)
        #expect(
            try await cleaner.handle(scanned) == .handled(by: "next", screen: "Next"),
            "The cleaner never takes a link: it answers with what the rest answered")
        #expect(
            try await cleaner.handle(scanned) == .handled(by: "next", screen: "Next"),
            "The same link twice: the same answer")
        #expect(
            next.links.map(\.absoluteString) == [cleaned, cleaned],
            "\(text) goes on as \(expected.absoluteString), once per scan")
        #expect(
            try await TrackingCleaner(next: nil).handle(scanned) == .unhandled,
            "A cleaner at the end of the chain: nobody took it")
        let declines = Probe("declines", .passOn)
        #expect(
            try await TrackingCleaner(next: declines).handle(scanned) == .unhandled,
            "When the rest declines the cleaned link, the cleaner answers what they answered")
        #expect(
            declines.links.map(\.absoluteString) == [cleaned],
            "…having asked them once, with the cleaned link")
    }

    @Test(
        "Each handler asks the next it was given: the order is configuration, and a handler of anyone's fits between two of yours [4.7]"
    )
    func handlersAskTheirOwnNext() async throws {
        let web = try link("https://shop.example/p/1?utm_source=mail")
        let inserted = Probe("inserted", .passOn, next: WebView(next: nil))
        let chain = TrackingCleaner(next: PaymentLinks(next: inserted))
        #expect(
            try await chain.handle(web) == .handled(by: "web", screen: "Web view"),
            "Cleaner → payments → a handler of the test's → web view: the web view takes the link")
        #expect(
            inserted.links.map(\.absoluteString) == ["https://shop.example/p/1"],
            "The handler put between two of yours is asked once, with the cleaned link")

        let catchAll = Probe("catch-all", .take(screen: "Catch-all"), next: WebView(next: nil))
        #expect(
            try await WebView(next: catchAll).handle(web) == .handled(by: "web", screen: "Web view"),
            "Web view → catch-all: the web view takes the link")
        #expect(
            try await catchAll.handle(web) == .handled(by: "catch-all", screen: "Catch-all"),
            "Catch-all → web view: the catch-all takes it; the order decides")

        let ftp = try link("ftp://files.example/a")
        let end = Probe("end", .passOn)
        #expect(
            try await PaymentLinks(next: WebView(next: end)).handle(ftp) == .unhandled,
            "Nobody takes an ftp link: unhandled")
        #expect(end.links == [ftp], "The link went all the way to the last handler, once")
    }
}
