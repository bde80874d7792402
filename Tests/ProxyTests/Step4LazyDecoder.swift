import Proxy
import ScanKit
import Testing

@Suite("Proxy · Step 4 — The lazy decoder", .tags(.scan))
struct Step4LazyDecoder {
    @Test("The real decoder is made on first use, not before, and once; results are the real one's")
    func madeOnFirstUse() throws {
        let factory = DecoderFactory()
        factory.callerStarts()
        factory.callerStarts()
        let decoder = LazyDecoder(make: factory.make)
        #expect(
            factory.count == 0,
            "Making the proxy doesn't make the real decoder: unused, it is never made (step 4)")
        let codes = [try code("a"), try code("b")]
        #expect(
            decoder.decode(Frame(number: 1, codes: codes)) == codes,
            "The proxy returns the real decoder's codes (step 4)")
        #expect(factory.count == 1, "The first decode made the real decoder (step 4)")
        _ = decoder.decode(Frame(number: 2, codes: codes))
        _ = decoder.decode(Frame(number: 3))
        #expect(factory.count == 1, "Later decodes reuse it (step 4)")
    }

    @Test("100 tasks use it at the same moment: the real decoder is made exactly once")
    func madeOnceUnderConcurrency() async throws {
        let factory = DecoderFactory()
        let decoder = LazyDecoder(make: factory.make)
        let frame = Frame(number: 1, codes: [try code("a")])
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    factory.callerStarts()
                    return decoder.decode(frame).count
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(factory.count == 1, "However many tasks arrive together, one decoder is made (step 4)")
        #expect(
            counts == Array(repeating: 1, count: 100), "Every task got the real decoder's result (step 4)")
    }
}
