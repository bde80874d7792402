import KataTestSupport
import Proxy
import ScanKit
import Testing

/// Two features each call their capability `Display`: one name, two protocols in two scopes.
///
/// `String(describing:)` prints both as `Display` (bug 7 on docs/sources.md).
enum Checkout {
    protocol Display: Sendable { var screen: String { get } }
}

enum Search {
    protocol Display: Sendable { var screen: String { get } }
}

struct CheckoutScreen: Checkout.Display { let screen = "checkout" }
struct SearchScreen: Search.Display { let screen = "search" }

/// Another kind of display than ``BannerDisplay``, for the same protocol.
struct ToastDisplay: ResultDisplaying {
    func show(_ code: ScannedCode) -> String { "toast \(code.payload)" }
}

/// One kind of object that can fill two capabilities.
struct DisplayingProcessor: ResultDisplaying, CodeProcessing {
    let name: String
    func show(_ code: ScannedCode) -> String { "\(name) shows \(code.payload)" }
    func process(_ code: ScannedCode) -> String { "\(name) processes \(code.payload)" }
}

@Suite("Proxy · Step 1 — The capability locator", .tags(.scan), .noEscapeHatches("Proxy", rule: "1.6"))
struct Step1CapabilityLocator {
    @Test("A capability registered by its protocol is what resolving that protocol returns [1.1]")
    func registerThenResolve() throws {
        let locator = CapabilityLocator()
        locator.register(BannerDisplay(style: "banner"), for: (any ResultDisplaying).self)
        locator.register(CartProcessor(), for: (any CodeProcessing).self)
        let shown = locator.resolve((any ResultDisplaying).self)?.show(try code("p-1"))
        #expect(
            shown == "banner: p-1", "resolve(_:) returns what was registered for that protocol")
        let processed = locator.resolve((any CodeProcessing).self)?.process(try code("p-1"))
        #expect(processed == "added p-1", "Each protocol has its own entry")
    }

    @Test("Resolving what was never registered returns nothing; registering again replaces [1.2, 1.3]")
    func missingAndReplaced() throws {
        let locator = CapabilityLocator()
        #expect(locator.resolve((any ResultDisplaying).self) == nil, "Nothing registered: nil")
        locator.register(BannerDisplay(style: "banner"), for: (any ResultDisplaying).self)
        locator.register(BannerDisplay(style: "toast"), for: (any ResultDisplaying).self)
        #expect(
            locator.resolve((any ResultDisplaying).self)?.show(try code("x")) == "toast: x",
            "The later registration replaces the earlier one")
        #expect(
            locator.resolve((any CodeProcessing).self) == nil,
            "Another protocol is still not registered")
        locator.register(DisplayingProcessor(name: "both"), for: (any ResultDisplaying).self)
        #expect(
            locator.resolve((any CodeProcessing).self) == nil,
            "An object registered for one protocol isn't handed out for another it also conforms to: nothing was registered for it"
        )
    }

    @Test(
        "Registering another kind of object for a protocol replaces the earlier one; one kind of object may fill two protocols [1.1, 1.3]"
    )
    func keyedByTheProtocolNotTheObject() throws {
        let locator = CapabilityLocator()
        let scanned = try code("x")
        locator.register(BannerDisplay(style: "banner"), for: (any ResultDisplaying).self)
        locator.register(ToastDisplay(), for: (any ResultDisplaying).self)
        #expect(
            locator.resolve((any ResultDisplaying).self)?.show(scanned) == "toast x",
            "A toast registered after a banner, for the same protocol, replaces it")
        locator.register(BannerDisplay(style: "sheet"), for: (any ResultDisplaying).self)
        #expect(
            locator.resolve((any ResultDisplaying).self)?.show(scanned) == "sheet: x",
            "…and a banner registered after the toast replaces the toast: the key is the protocol, not the kind of object"
        )

        let shown = DisplayingProcessor(name: "shown")
        let added = DisplayingProcessor(name: "added")
        locator.register(shown, for: (any ResultDisplaying).self)
        locator.register(added, for: (any CodeProcessing).self)
        #expect(
            locator.resolve((any ResultDisplaying).self)?.show(scanned) == "shown shows x",
            "One kind of object, registered for two protocols: each protocol keeps the object registered for it"
        )
        #expect(
            locator.resolve((any CodeProcessing).self)?.process(scanned) == "added processes x",
            "…and the other protocol keeps its own")
    }

    @Test("Two protocols with the same name are two capabilities: the key is the type, not its name [1.4]")
    func sameNameDifferentProtocols() {
        let locator = CapabilityLocator()
        locator.register(CheckoutScreen(), for: (any Checkout.Display).self)
        locator.register(SearchScreen(), for: (any Search.Display).self)
        #expect(
            locator.resolve((any Checkout.Display).self)?.screen == "checkout",
            "Checkout's Display"
        )
        #expect(
            locator.resolve((any Search.Display).self)?.screen == "search",
            "Search's Display is another capability, though both are called Display (bug 7 on docs/sources.md)"
        )
    }

    @Test("removeAll() empties the locator, a capability resolved before it included [1.5, 1.1]")
    func removeAllEmpties() {
        let locator = CapabilityLocator()
        locator.register(CartProcessor(), for: (any CodeProcessing).self)
        locator.register(FrameCodeDecoder(), for: (any CodeDecoding).self)
        #expect(
            locator.resolve((any CodeProcessing).self) != nil,
            "Before removeAll(), what was registered resolves")
        locator.removeAll()
        #expect(
            locator.resolve((any CodeProcessing).self) == nil,
            "removeAll() forgets every capability, one resolved before it too")
        #expect(
            locator.resolve((any CodeDecoding).self) == nil, "removeAll() forgets every capability"
        )
        locator.register(CartProcessor(), for: (any CodeProcessing).self)
        #expect(
            locator.resolve((any CodeProcessing).self) != nil,
            "The locator works again after removeAll()")
    }

    @Test("Many tasks register and resolve at once, and every registration is kept [1.6]")
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
            "Concurrent registrations are all kept: the locator is safe from many tasks")
    }
}
