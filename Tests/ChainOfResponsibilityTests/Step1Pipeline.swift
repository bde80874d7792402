import ChainOfResponsibility
import KataTestSupport
import ScanKit
import Testing

// The units of this step are the tests' own: step 1 checks the pipeline alone, whatever your
// units in `ScanUnits.swift` do.

/// Writes "name:frame number" for every item it sees, and passes it on unchanged.
final class LoggingUnit: ScanUnit {
    let name: String
    let log: Recorder<String>
    init(_ name: String, log: Recorder<String>) {
        self.name = name
        self.log = log
    }
    func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        log.record("\(name):\(frameNumber(item))")
        pass(item)
    }
}

/// Turns frame n into two frames, 10n and 10n + 1: one item in, two out.
final class SplittingUnit: ScanUnit {
    func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        let number = frameNumber(item)
        pass(blank(number * 10))
        pass(blank(number * 10 + 1))
    }
}

/// Drops frame `number`, and passes every other item on.
final class DroppingUnit: ScanUnit {
    let number: Int
    init(dropping number: Int) { self.number = number }
    func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        if frameNumber(item) != number { pass(item) }
    }
}

/// Counts the sessions it was told about, and records that count with every item it sees.
final class SessionCountingUnit: ScanUnit {
    private(set) var sessions = 0
    private(set) var sessionsSeenByItems: [Int] = []
    func sessionDidStart() { sessions += 1 }
    func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        sessionsSeenByItems.append(sessions)
        pass(item)
    }
}

/// A creator whose items change from one session to the next, as a camera's do.
///
/// On its nth call, `produce()` makes frame n. It counts how often it was asked.
final class CountingCreator: ScanCreator {
    private(set) var calls = 0
    func produce() -> [ScanItem] {
        calls += 1
        return [blank(calls)]
    }
}

/// Writes "session" when a session starts and "unit:frame number" for every item, into a log
/// it shares with the creators and the output.
final class SessionLoggingUnit: ScanUnit {
    let log: Recorder<String>
    init(log: Recorder<String>) { self.log = log }
    func sessionDidStart() { log.record("session") }
    func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        log.record("unit:\(frameNumber(item))")
        pass(item)
    }
}

/// Writes "name produce" each time it is asked, and makes the frames numbered `frames`.
struct LoggingCreator: ScanCreator {
    let name: String
    let frames: [Int]
    let log: Recorder<String>
    func produce() -> [ScanItem] {
        log.record("\(name) produce")
        return frames.map(blank)
    }
}

@Suite(
    "Chain of Responsibility · Step 1 — The scan pipeline", .tags(.scan),
    .noEscapeHatches("ChainOfResponsibility"))
struct Step1Pipeline {
    @Test("With no units, every item a creator makes goes straight to the output, once, in order [1.7]")
    func noUnits() throws {
        let outbox = Outbox()
        ScanPipeline(output: outbox.take)
            .addCreator(FakeCamera(frames: [Frame(number: 1), Frame(number: 2), Frame(number: 3)]))
            .scan()
        #expect(
            outbox.items == [blank(1), blank(2), blank(3)],
            "No units: the output gets each item once")
    }

    @Test(
        "Units run in the order added; an item travels the whole pipeline before the next starts [1.4, 1.5, 1.6]"
    )
    func unitsRunInOrderDepthFirst() {
        let log = Recorder<String>()
        let outbox = Outbox()
        ScanPipeline(output: outbox.take)
            .addCreator(FakeCamera(frames: [Frame(number: 1), Frame(number: 2)]))
            .addUnit(LoggingUnit("first", log: log))
            .addUnit(SplittingUnit())
            .addUnit(LoggingUnit("last", log: log))
            .scan()
        #expect(
            log.all == ["first:1", "last:10", "last:11", "first:2", "last:20", "last:21"],
            "Each item goes through every unit, in the order added, before the next item starts"
        )
        #expect(
            outbox.items == [blank(10), blank(11), blank(20), blank(21)],
            "Everything a unit passes goes on; what leaves the last unit reaches the output, once each"
        )

        // Two units after the split: each item it passes goes through both, and out, before the next.
        let trail = Recorder<String>()
        ScanPipeline { trail.record("output:\(frameNumber($0))") }
            .addCreator(FakeCamera(frames: [Frame(number: 1)]))
            .addUnit(SplittingUnit())
            .addUnit(LoggingUnit("a", log: trail))
            .addUnit(LoggingUnit("b", log: trail))
            .scan()
        #expect(
            trail.all == ["a:10", "b:10", "output:10", "a:11", "b:11", "output:11"],
            "Each item a unit passes travels the rest of the pipeline, and out, before the unit's next one: depth first, not unit by unit"
        )
    }

    @Test("A unit that passes nothing on stops the flow: no later unit and no output sees the item [1.6]")
    func aUnitStopsTheFlow() {
        let log = Recorder<String>()
        let outbox = Outbox()
        ScanPipeline(output: outbox.take)
            .addCreator(FakeCamera(frames: [Frame(number: 1), Frame(number: 2), Frame(number: 3)]))
            .addUnit(DroppingUnit(dropping: 2))
            .addUnit(LoggingUnit("after", log: log))
            .scan()
        #expect(log.all == ["after:1", "after:3"], "A dropped item never reaches a later unit")
        #expect(outbox.items == [blank(1), blank(3)], "A dropped item never reaches the output")
    }

    @Test("Every creator's items go through the units, creators in the order added [1.4]")
    func creatorsInOrder() {
        let outbox = Outbox()
        let log = Recorder<String>()
        ScanPipeline(output: outbox.take)
            .addCreator(FakeCamera(frames: [Frame(number: 1), Frame(number: 2)]))
            .addUnit(LoggingUnit("unit", log: log))
            .addCreator(FakePhotoAlbum(picked: nil))
            .addCreator(FakePhotoAlbum(picked: Frame(number: 9)))
            .scan()
        #expect(
            outbox.items == [blank(1), blank(2), blank(9)],
            "Every creator runs, in the order added")
        #expect(
            log.all == ["unit:1", "unit:2", "unit:9"],
            "Every creator's items go through the units, whenever each was added")
    }

    @Test("A pipeline is a value: what a copy adds never reaches the pipeline it came from [1.1, 1.2]")
    func pipelineIsAValue() {
        let outbox = Outbox()
        let base = ScanPipeline(output: outbox.take)
            .addCreator(FakeCamera(frames: [Frame(number: 1), Frame(number: 2), Frame(number: 3)]))
        let dropping = base.addUnit(DroppingUnit(dropping: 2))
        let withAlbum = base.addCreator(FakePhotoAlbum(picked: Frame(number: 9)))
        base.scan()
        #expect(
            outbox.items == [blank(1), blank(2), blank(3)],
            "The unit and the creator added to copies don't reach the base")
        dropping.scan()
        #expect(
            outbox.items.dropFirst(3) == [blank(1), blank(3)],
            "The copy given a unit runs it, without the other copy's creator")
        withAlbum.scan()
        #expect(
            outbox.items.dropFirst(5) == [blank(1), blank(2), blank(3), blank(9)],
            "The copy given a creator runs it, after the creators already there, without the other copy's unit"
        )
    }

    @Test(
        "Each scan is one session, even one that finds nothing: every unit hears it starts once, before any item [1.3, 1.8]"
    )
    func sessions() {
        let first = SessionCountingUnit()
        let second = SessionCountingUnit()
        let outbox = Outbox()
        let pipeline = ScanPipeline(output: outbox.take)
            .addCreator(FakeCamera(frames: [Frame(number: 1), Frame(number: 2)]))
            .addCreator(FakePhotoAlbum(picked: Frame(number: 3)))
            .addUnit(first)
            .addUnit(second)
        pipeline.scan()
        #expect(
            first.sessions == 1 && second.sessions == 1,
            "One scan starts one session on every unit")
        pipeline.scan()
        #expect(
            first.sessions == 2 && second.sessions == 2, "A second scan starts a second session")
        #expect(
            first.sessionsSeenByItems == [1, 1, 1, 2, 2, 2]
                && second.sessionsSeenByItems == [1, 1, 1, 2, 2, 2],
            "The session starts before its first item, and not again until the next scan")
        #expect(outbox.items.count == 6, "Each scan runs every creator again")

        // The camera saw nothing this time: the session starts all the same.
        let quiet = SessionCountingUnit()
        let empty = ScanPipeline(output: outbox.take)
            .addCreator(FakePhotoAlbum(picked: nil)).addCreator(FakeCamera(frames: []))
            .addUnit(quiet)
        empty.scan()
        #expect(
            quiet.sessions == 1,
            "A scan whose creators make nothing is still one session: every unit hears it start, once"
        )
        empty.scan()
        #expect(quiet.sessions == 2, "…and so is the next one")
        #expect(outbox.items.count == 6, "…which sends nothing on")
    }

    @Test("What leaves the last unit reaches the output before the next item enters the first [1.5]")
    func outputBeforeTheNextItem() {
        let log = Recorder<String>()
        ScanPipeline(output: { log.record("output:\(frameNumber($0))") })
            .addCreator(FakeCamera(frames: [Frame(number: 1), Frame(number: 2)]))
            .addUnit(LoggingUnit("unit", log: log))
            .scan()
        #expect(
            log.all == ["unit:1", "output:1", "unit:2", "output:2"],
            "The output gets an item as it leaves the last unit, not after the session")
    }

    @Test("Each scan asks every creator again, for what it makes now; adding it asks nothing [1.8]")
    func creatorsAreAskedAtEachScan() {
        let camera = CountingCreator()
        let outbox = Outbox()
        let pipeline = ScanPipeline(output: outbox.take).addCreator(camera)
        #expect(camera.calls == 0, "Adding a creator doesn't ask it for items: only scan() does")
        pipeline.scan()
        pipeline.scan()
        #expect(camera.calls == 2, "Each scan asks every creator once")
        #expect(
            outbox.items == [blank(1), blank(2)],
            "Each scan sends what the creator makes now, not what it made before")
    }

    @Test(
        "The session starts before any creator is asked; each creator's items go through before the next creator is asked [1.3, 1.4]"
    )
    func sessionThenEachCreatorInTurn() {
        let log = Recorder<String>()
        ScanPipeline { log.record("output:\(frameNumber($0))") }
            .addCreator(LoggingCreator(name: "camera", frames: [1, 2], log: log))
            .addUnit(SessionLoggingUnit(log: log))
            .addCreator(LoggingCreator(name: "album", frames: [9], log: log))
            .scan()
        #expect(
            log.all == [
                "session", "camera produce", "unit:1", "output:1", "unit:2", "output:2", "album produce",
                "unit:9", "output:9",
            ],
            "Every unit hears the session start before any creator is asked; the album is asked only once the camera's items are through"
        )
    }
}
