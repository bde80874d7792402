import KataTestSupport
import Proxy
import ScanKit
import Testing

@Suite("Proxy · Step 1 — The capability locator", .tags(.scan))
struct Step1CapabilityLocator {
    @Test("A capability registered by its protocol is what resolving that protocol returns")
    func registerThenResolve() throws {
        let locator = CapabilityLocator()
        locator.register(BannerDisplay(style: "banner"), for: (any ResultDisplaying).self)
        locator.register(CartProcessor(), for: (any CodeProcessing).self)
        let shown = locator.resolve((any ResultDisplaying).self)?.show(try code("p-1"))
        #expect(shown == "banner: p-1", "resolve(_:) returns what was registered for that protocol (step 1)")
        let processed = locator.resolve((any CodeProcessing).self)?.process(try code("p-1"))
        #expect(processed == "added p-1", "Each protocol has its own entry (step 1)")
    }

    @Test("Resolving what was never registered returns nothing; registering again replaces")
    func missingAndReplaced() throws {
        let locator = CapabilityLocator()
        #expect(locator.resolve((any ResultDisplaying).self) == nil, "Nothing registered: nil (step 1)")
        locator.register(BannerDisplay(style: "banner"), for: (any ResultDisplaying).self)
        locator.register(BannerDisplay(style: "toast"), for: (any ResultDisplaying).self)
        #expect(
            locator.resolve((any ResultDisplaying).self)?.show(try code("x")) == "toast: x",
            "The later registration replaces the earlier one (step 1)")
        #expect(
            locator.resolve((any CodeProcessing).self) == nil,
            "Another protocol is still not registered (step 1)")
    }

    @Test("Two protocols with the same name are two capabilities: the key is the type, not its name")
    func sameNameDifferentProtocols() {
        let locator = CapabilityLocator()
        locator.register(CheckoutScreen(), for: (any Checkout.Display).self)
        locator.register(SearchScreen(), for: (any Search.Display).self)
        #expect(
            locator.resolve((any Checkout.Display).self)?.screen == "checkout", "Checkout's Display (step 1)"
        )
        #expect(
            locator.resolve((any Search.Display).self)?.screen == "search",
            "Search's Display is another capability, though both are called Display (step 1; bug 7 on docs/sources.md)"
        )
    }

    @Test("removeAll() empties the locator")
    func removeAllEmpties() {
        let locator = CapabilityLocator()
        locator.register(CartProcessor(), for: (any CodeProcessing).self)
        locator.register(FrameCodeDecoder(), for: (any CodeDecoding).self)
        locator.removeAll()
        #expect(
            locator.resolve((any CodeProcessing).self) == nil,
            "removeAll() forgets every capability (step 1)")
        #expect(
            locator.resolve((any CodeDecoding).self) == nil, "removeAll() forgets every capability (step 1)")
        locator.register(CartProcessor(), for: (any CodeProcessing).self)
        #expect(
            locator.resolve((any CodeProcessing).self) != nil,
            "The locator works again after removeAll() (step 1)")
    }

    @Test("Many tasks register and resolve at once, and every registration is kept")
    func concurrentUse() async throws {
        let locator = CapabilityLocator()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        locator.register(BannerDisplay(style: "s\(index)"), for: (any ResultDisplaying).self)
                    } else {
                        locator.register(CartProcessor(), for: (any CodeProcessing).self)
                    }
                    _ = locator.resolve((any ResultDisplaying).self)
                }
            }
        }
        #expect(
            locator.resolve((any ResultDisplaying).self) != nil
                && locator.resolve((any CodeProcessing).self) != nil,
            "Concurrent registrations are all kept: the locator is safe from many tasks (step 1)")
        let hatches = try EscapeHatches.findings(inPattern: "Proxy")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 1))")
    }
}
