import Proxy
import ScanKit
import Testing

@Suite("Proxy · Step 1 — The capability registry", .tags(.scan))
struct Step1CapabilityRegistry {
    @Test("A capability registered by its protocol is what resolving that protocol returns")
    func registerThenResolve() throws {
        let registry = CapabilityRegistry()
        registry.register(BannerDisplay(style: "banner"), for: (any ResultDisplaying).self)
        registry.register(CartProcessor(), for: (any CodeProcessing).self)
        let shown = registry.resolve((any ResultDisplaying).self)?.show(try code("p-1"))
        #expect(shown == "banner: p-1", "resolve(_:) returns what was registered for that protocol (step 1)")
        let processed = registry.resolve((any CodeProcessing).self)?.process(try code("p-1"))
        #expect(processed == "added p-1", "Each protocol has its own entry (step 1)")
    }

    @Test("Resolving what was never registered returns nothing; registering again replaces")
    func missingAndReplaced() throws {
        let registry = CapabilityRegistry()
        #expect(registry.resolve((any ResultDisplaying).self) == nil, "Nothing registered: nil (step 1)")
        registry.register(BannerDisplay(style: "banner"), for: (any ResultDisplaying).self)
        registry.register(BannerDisplay(style: "toast"), for: (any ResultDisplaying).self)
        #expect(
            registry.resolve((any ResultDisplaying).self)?.show(try code("x")) == "toast: x",
            "The later registration replaces the earlier one (step 1)")
        #expect(
            registry.resolve((any CodeProcessing).self) == nil,
            "Another protocol is still not registered (step 1)")
    }

    @Test("Two protocols with the same name are two capabilities: the key is the type, not its name")
    func sameNameDifferentProtocols() {
        let registry = CapabilityRegistry()
        registry.register(CheckoutScreen(), for: (any Checkout.Display).self)
        registry.register(SearchScreen(), for: (any Search.Display).self)
        #expect(
            registry.resolve((any Checkout.Display).self)?.screen == "checkout", "Checkout's Display (step 1)"
        )
        #expect(
            registry.resolve((any Search.Display).self)?.screen == "search",
            "Search's Display is another capability, though both are called Display (step 1)")
    }

    @Test("removeAll() empties the registry")
    func removeAllEmpties() {
        let registry = CapabilityRegistry()
        registry.register(CartProcessor(), for: (any CodeProcessing).self)
        registry.register(FrameCodeDecoder(), for: (any CodeDecoding).self)
        registry.removeAll()
        #expect(
            registry.resolve((any CodeProcessing).self) == nil,
            "removeAll() forgets every capability (step 1)")
        #expect(
            registry.resolve((any CodeDecoding).self) == nil, "removeAll() forgets every capability (step 1)")
        registry.register(CartProcessor(), for: (any CodeProcessing).self)
        #expect(
            registry.resolve((any CodeProcessing).self) != nil,
            "The registry works again after removeAll() (step 1)")
    }

    @Test("Many tasks register and resolve at once, and every registration is kept")
    func concurrentUse() async {
        let registry = CapabilityRegistry()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        registry.register(BannerDisplay(style: "s\(index)"), for: (any ResultDisplaying).self)
                    } else {
                        registry.register(CartProcessor(), for: (any CodeProcessing).self)
                    }
                    _ = registry.resolve((any ResultDisplaying).self)
                }
            }
        }
        #expect(
            registry.resolve((any ResultDisplaying).self) != nil
                && registry.resolve((any CodeProcessing).self) != nil,
            "Concurrent registrations are all kept: the registry is safe from many tasks (step 1)")
    }
}
