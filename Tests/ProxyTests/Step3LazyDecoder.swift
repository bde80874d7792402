import Dispatch
import Foundation
import KataTestSupport
import Proxy
import ScanKit
import Testing

@Suite("Proxy · Step 3 — The lazy decoder", .tags(.scan), .noEscapeHatches("Proxy"))
struct Step3LazyDecoder {
    @Test(
        "The real decoder is made on first use, not before, and once; results are the real one's [3.1, 3.2, 3.3]"
    )
    func madeOnFirstUse() throws {
        let factory = DecoderFactory(patience: 0)
        let decoder = LazyDecoder(make: factory.make)
        #expect(
            factory.count == 0,
            "Making the proxy doesn't make the real decoder: unused, it is never made")
        let codes = [try code("a"), try code("b")]
        #expect(
            decoder.decode(Frame(number: 1, codes: codes)) == codes,
            "The proxy returns the real decoder's codes")
        #expect(factory.count == 1, "The first decode made the real decoder")
        // A task started early would make the real decoder later, unasked: no test could wait long
        // enough to see it, so the lazy decoder's source is read instead.
        let started = try EscapeHatches.sources(inPattern: "Proxy").filter {
            $0.file.hasSuffix("LazyDecoder.swift")
        }
        .flatMap { source in
            EscapeHatches.codeLines(of: source.text).compactMap { number, code in
                let starts = ["Task {", "Task(", "Task.detached", "DispatchQueue", "Thread("]
                return starts.contains { code.contains($0) } ? "\(source.file):\(number)" : nil
            }
        }
        #expect(
            started.isEmpty,
            "The lazy decoder starts no task of its own to make the real decoder sooner: \(started)")
        _ = decoder.decode(Frame(number: 2, codes: codes))
        _ = decoder.decode(Frame(number: 3))
        #expect(factory.count == 1, "Later decodes reuse it")
        let other = [try code("b")]
        #expect(
            decoder.decode(Frame(number: 1, codes: other)) == other,
            "A later frame with an earlier frame's number is decoded again: the results are the real decoder's, not a kept answer"
        )
        #expect(
            decoder.decode(Frame(number: 1)) == [],
            "…and so is a third one, with no codes")
    }

    @Test("The very same frame again is decoded again: a real decoder whose answer changes is heard [3.3]")
    func sameFrameAgainIsDecodedAgain() throws {
        let real = SharpeningDecoder()
        let decoder = LazyDecoder { real }
        let frame = Frame(number: 7, codes: [try code("a")])
        #expect(
            decoder.decode(frame).map(\.payload) == ["answer 1"],
            "The first answer is the real decoder's")
        #expect(
            decoder.decode(frame).map(\.payload) == ["answer 2"],
            "The very same frame again is decoded again, and the real decoder's new answer comes back: the proxy keeps no answers"
        )
        #expect(real.count == 2, "The real decoder was asked once per decode")
    }

    @Test(
        "Attached to the decoder proxy, the lazy decoder still makes nothing until the first frame [3.1, 3.2, 3.3]"
    )
    func stacksBehindTheDecoderProxy() throws {
        let factory = DecoderFactory(patience: 0)
        let proxy = DecoderProxy()
        proxy.attach(LazyDecoder(make: factory.make))
        #expect(factory.count == 0, "Attaching the lazy decoder makes no real decoder")
        let codes = [try code("a")]
        #expect(
            proxy.decode(Frame(number: 1, codes: codes)) == codes,
            "Through both proxies, the codes are the real decoder's")
        #expect(factory.count == 1, "The first frame through the proxies made it, once")
    }

    @Test("100 callers on 100 threads use it at the same moment: the real decoder is made exactly once [3.4]")
    func madeOnceUnderConcurrency() async throws {
        let factory = DecoderFactory()
        let decoder = LazyDecoder(make: factory.make)
        let frame = Frame(number: 1, codes: [try code("a")])
        // Why an atomic count and not a list behind a `Mutex`: 100 threads contend for it, and on
        // Linux the thread sanitizer can't see a contended `Mutex` (see .ci/tsan-suppressions.txt).
        let gotTheCode = Counter()
        // Why threads and not tasks: the cooperative pool has as many threads as cores, and a
        // caller blocked on a lock holds one. Plain threads let every caller arrive at once.
        let group = DispatchGroup()
        for _ in 0..<100 {
            group.enter()
            Thread {
                factory.callerStarts()
                if decoder.decode(frame).count == 1 { gotTheCode.increment() }
                group.leave()
            }.start()
        }
        await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
        #expect(factory.count == 1, "However many callers arrive together, one decoder is made")
        #expect(
            gotTheCode.value == 100,
            "Every caller got the real decoder's result")
    }

    @Test("The real decoder may decode through the lazy decoder while it decodes [3.5]")
    func realDecoderCallsBack() throws {
        let factory = DecoderFactory(patience: 0)
        let second = SecondLookDecoder()
        let decoder = LazyDecoder { [second] in
            _ = factory.make()
            return second
        }
        second.look(through: decoder)
        let codes = [try code("a")]
        #expect(
            decoder.decode(Frame(number: 1, codes: codes)).map(\.payload) == ["a", "a"],
            "The lazy decoder decodes after unlocking, so the real decoder may decode through it again"
        )
        #expect(factory.count == 1, "The call back reused the decoder already made")
    }
}
