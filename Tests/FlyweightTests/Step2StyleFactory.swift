import Flyweight
import Foundation
import KataTestSupport
import ScanKit
import Testing

@Suite(
    "Flyweight · Step 2 — The factory makes the sharing a guarantee", .tags(.scan),
    .noEscapeHatches("Flyweight", rule: "1.4"))
struct Step2StyleFactory {
    @Test("One style object per symbology, a different one for each other: 10,000 codes, five styles [2.1]")
    func oneStylePerSymbology() throws {
        let factory = CodeStyleFactory()
        #expect(factory.count == 0, "A new factory has made nothing")
        let codes = try scannedCodes(10_000)
        var seen: [Symbology: CodeStyle] = [:]
        var other: Symbology?
        for code in codes {
            let style = factory.style(for: code.symbology)
            if let earlier = seen[code.symbology], earlier !== style { other = code.symbology }
            seen[code.symbology] = style
        }
        #expect(
            other == nil,
            "The same object for \(other.map(String.init(describing:)) ?? "a symbology"), every time")
        #expect(Set(seen.values.map(ObjectIdentifier.init)).count == 5, "Five symbologies, five styles")
        #expect(factory.count == 5)
    }

    @Test("The factory keeps each style as long as it lives: one nobody else holds is not made again [2.2]")
    func keepsItsStyles() {
        let factory = CodeStyleFactory()
        weak let first = factory.style(for: .code128)
        #expect(first != nil, "The factory holds the style it made")
        let again = factory.style(for: .code128)
        #expect(first === again)
        #expect(factory.count == 1)
    }

    @Test("1,000 tasks asking at once still get one style per symbology [2.3]")
    func manyTasks() async {
        let factory = CodeStyleFactory()
        let ids = await withTaskGroup(of: (Symbology, ObjectIdentifier).self) { group in
            for index in 0..<1_000 {
                let symbology = Symbology.allCases[index % Symbology.allCases.count]
                group.addTask { (symbology, ObjectIdentifier(factory.style(for: symbology))) }
            }
            return await group.reduce(into: [Symbology: Set<ObjectIdentifier>]()) {
                $0[$1.0, default: []].insert($1.1)
            }
        }
        for symbology in Symbology.allCases {
            #expect(ids[symbology]?.count == 1, "One style for \(symbology)")
        }
        #expect(factory.count == 5)
    }
}
