import Flyweight
import Foundation
import KataTestSupport
import ScanKit
import Testing

@Suite(
    "Flyweight · Step 3 — The overlay keeps each code's own data", .tags(.scan),
    .noEscapeHatches("Flyweight", rule: "1.4"))
struct Step3Overlay {
    @Test(
        "The overlay draws every code, in order, with the style its source gives for the code's symbology, twins of one payload under other symbologies too; it makes no style of its own [3.1, 3.3]"
    )
    func drawsEveryCode() throws {
        // A themed source: for each symbology, the style of another.
        let source = CountingSource(themed: true)
        let overlay = CodeOverlay(styles: source)
        let many = try scannedCodes(10_000)
        let twins = try [Symbology.qr, .dataMatrix].map { symbology in
            try ScannedCode(payload: many[4].payload, symbology: symbology, bounds: many[4].bounds)
        }
        let codes = many + twins
        overlay.show(codes)
        let canvas = RecordingCanvas()
        overlay.draw(into: canvas)
        let factory = CodeStyleFactory()
        let expected = codes.flatMap {
            strokesInOrder(drawing: $0, with: factory.style(for: source.look(of: $0.symbology)))
        }
        // Counted first: comparing 20,000 strokes with a list of another length takes seconds to
        // describe, on every run of an unfinished overlay.
        try #require(canvas.strokes.count == expected.count, "An outline and a label per code")
        #expect(
            firstDifference(canvas.strokes, expected) == nil,
            "Every code, in the order shown, with its own payload and bounds, as the style its source gave draws it"
        )
        #expect(Set(source.asks) == Set(Symbology.allCases), "Every style came from the source")
        #expect(source.distinctStyles <= 5, "10,002 codes drawn with the five shared styles")
        // A style made outside the factory looks like the one the source gave, so no drawing can
        // tell them apart: the code is read instead.
        // The factory makes a style in one place; anywhere else, a helper included, is one too many.
        let made = try EscapeHatches.leftovers(
            inPattern: "Flyweight", names: [],
            texts: ["CodeStyle(symbology:", "CodeStyle.init(", ".init(symbology:", "Self(symbology:"])
        let inFactory = made.filter {
            $0.hasPrefix(EscapeHatches.folder(of: "Flyweight") + "/CodeStyleFactory.swift:")
        }
        #expect(
            made.count - min(inFactory.count, 1) == 0,
            "Only the factory makes a style, in one place; the overlay draws with what its source gave: \(made)"
        )

        // Another list on the same overlay: each index now holds a code of another symbology.
        let next = Array(codes.dropFirst())
        overlay.show(next)
        let again = RecordingCanvas()
        overlay.draw(into: again)
        let expectedNext = next.flatMap {
            strokesInOrder(drawing: $0, with: factory.style(for: source.look(of: $0.symbology)))
        }
        try #require(
            again.strokes.count == expectedNext.count, "An outline and a label per code of the new list")
        #expect(
            firstDifference(again.strokes, expectedNext) == nil,
            "The new list, each code as the style its source gave for the code's symbology draws it")

        overlay.show([])
        let empty = RecordingCanvas()
        overlay.draw(into: empty)
        #expect(empty.strokes.isEmpty, "Nothing shown, nothing drawn")
    }

    @Test(
        "The picked code is drawn with a highlight made for it around its shared style, which stays as it was [3.2]",
        arguments: [0, 3, 9])
    func pickedCode(index: Int) throws {
        // Themed: the style the source gives, not the one of the code's symbology, is the shared one.
        let source = CountingSource(themed: true)
        let overlay = CodeOverlay(styles: source)
        let codes = try scannedCodes(10)
        overlay.show(codes)
        overlay.pick(index)
        let canvas = RecordingCanvas()
        overlay.draw(into: canvas)
        let factory = CodeStyleFactory()
        let picked = codes[index]
        let shared = factory.style(for: source.look(of: picked.symbology))
        let highlighted: [RecordingCanvas.Stroke] = [
            .outline(picked.bounds, .yellow, lineWidth: shared.lineWidth * 2),
            .label("\(shared.title) \(picked.payload)", under: picked.bounds, shared.color),
        ]
        try #require(canvas.strokes.count == 20, "An outline and a label per code")
        #expect(Array(canvas.strokes[(index * 2)..<(index * 2 + 2)]) == highlighted, "Yellow, twice as thick")
        let others = canvas.strokes.enumerated().filter { $0.offset / 2 != index }.map(\.element)
        let expectedOthers = codes.enumerated().filter { $0.offset != index }.flatMap { pair in
            strokesInOrder(
                drawing: pair.element, with: factory.style(for: source.look(of: pair.element.symbology)))
        }
        #expect(others == expectedOthers, "Every other code as its shared style draws it")

        let again = RecordingCanvas()
        factory.style(for: source.look(of: picked.symbology)).draw(
            picked.payload, at: picked.bounds, into: again)
        #expect(
            again.strokes == strokesInOrder(drawing: picked, with: shared), "The shared style is untouched")

        let highlight = HighlightStyle(base: shared)
        #expect(highlight.base === shared)
        let direct = RecordingCanvas()
        highlight.draw(picked.payload, at: picked.bounds, into: direct)
        #expect(direct.strokes == highlighted)

        // Another list, the same index picked: a code of another symbology stands there now.
        let moved = Array(codes.dropFirst()) + [codes[0]]
        overlay.show(moved)
        overlay.pick(index)
        let next = RecordingCanvas()
        overlay.draw(into: next)
        let nowPicked = moved[index]
        let nowShared = factory.style(for: source.look(of: nowPicked.symbology))
        let expectedNext = moved.enumerated().flatMap { offset, code in
            offset == index
                ? [
                    .outline(code.bounds, .yellow, lineWidth: nowShared.lineWidth * 2),
                    .label("\(nowShared.title) \(code.payload)", under: code.bounds, nowShared.color),
                ]
                : strokesInOrder(drawing: code, with: factory.style(for: source.look(of: code.symbology)))
        }
        #expect(
            next.strokes == expectedNext,
            "The new list's code at that index is highlighted around its own shared style")
    }

    @Test(
        "The highlight's style comes from the source too: the overlay makes no style, not even for the pick [3.3]"
    )
    func highlightAroundTheSourcesStyle() throws {
        let source = CountingSource()
        let overlay = CodeOverlay(styles: source)
        let codes = try scannedCodes(4)
        overlay.show(codes)
        overlay.pick(2)
        overlay.draw(into: RecordingCanvas())
        #expect(
            Set(source.asks) == Set(codes.map(\.symbology)),
            "The source was asked for every symbology on screen, the picked \(codes[2].symbology) too")
    }

    @Test("A canvas may call back into the overlay while it draws; the next draw shows the change [3.4]")
    func canvasCallsBack() throws {
        let overlay = CodeOverlay(styles: CountingSource())
        let codes = try scannedCodes(3)
        overlay.show(codes)
        let canvas = RecordingCanvas()
        canvas.whileDrawing = { _ in overlay.pick(1) }
        overlay.draw(into: canvas)
        #expect(canvas.strokes.count == 6, "The draw went on while the canvas picked a code")
        let next = RecordingCanvas()
        overlay.draw(into: next)
        let shared = CodeStyleFactory().style(for: codes[1].symbology)
        #expect(
            next.strokes.dropFirst(2).first
                == .outline(codes[1].bounds, .yellow, lineWidth: shared.lineWidth * 2),
            "The pick made from inside the draw shows in the next one")

        let emptied = RecordingCanvas()
        emptied.whileDrawing = { _ in overlay.show([]) }
        overlay.draw(into: emptied)
        #expect(!emptied.strokes.isEmpty, "A canvas that empties the screen mid-draw ends nothing badly")
        let after = RecordingCanvas()
        overlay.draw(into: after)
        #expect(after.strokes.isEmpty, "…and the next draw shows the empty screen")
    }

    @Test("A code shown twice is two codes: a pick highlights the one at its index, not its twin [3.2]")
    func twinsArePickedByIndex() throws {
        let code = try #require(try scannedCodes(1).first)
        let overlay = CodeOverlay(styles: CountingSource())
        overlay.show([code, code])
        overlay.pick(1)
        let canvas = RecordingCanvas()
        overlay.draw(into: canvas)
        let shared = CodeStyleFactory().style(for: code.symbology)
        #expect(
            Array(canvas.strokes.prefix(2)) == strokesInOrder(drawing: code, with: shared),
            "The first of the twins, not picked, as its shared style draws it")
        #expect(
            canvas.strokes.dropFirst(2).first
                == .outline(code.bounds, .yellow, lineWidth: shared.lineWidth * 2),
            "The second, picked, highlighted")
    }

    @Test("Each pick gets a highlight of its own code's style, on one overlay, pick after pick [3.2]")
    func picksInTurn() throws {
        let overlay = CodeOverlay(styles: CountingSource())
        let codes = try scannedCodes(10)
        overlay.show(codes)
        let factory = CodeStyleFactory()
        for index in [1, 2, 1, 4] {
            overlay.pick(index)
            let canvas = RecordingCanvas()
            overlay.draw(into: canvas)
            let shared = factory.style(for: codes[index].symbology)
            try #require(canvas.strokes.count == 20)
            #expect(
                canvas.strokes[index * 2]
                    == .outline(codes[index].bounds, .yellow, lineWidth: shared.lineWidth * 2),
                "Code \(index), a \(codes[index].symbology), highlighted around its own style")
            #expect(
                canvas.strokes[index * 2 + 1]
                    == .label(
                        "\(shared.title) \(codes[index].payload)", under: codes[index].bounds, shared.color))
        }
    }

    @Test("A highlight leaves the shared style as it is, even while a canvas draws with both at once [3.2]")
    func highlightLeavesTheSharedStyle() throws {
        let factory = CodeStyleFactory()
        let shared = factory.style(for: .qr)
        let codes = try scannedCodes(10).filter { $0.symbology == .qr }
        let picked = try #require(codes.first)
        let other = try #require(codes.last)
        let canvas = RecordingCanvas()
        var nested = false
        canvas.whileDrawing = { canvas in
            guard !nested else { return }
            nested = true
            shared.draw(other.payload, at: other.bounds, into: canvas)
        }
        HighlightStyle(base: shared).draw(picked.payload, at: picked.bounds, into: canvas)
        let inner = canvas.strokes.filter {
            switch $0 {
            case .outline(let bounds, _, _), .label(_, let bounds, _): bounds == other.bounds
            }
        }
        #expect(
            inner == strokesInOrder(drawing: other, with: shared),
            "The other code is drawn plain, in its style's own colour")
        #expect(shared.color != .yellow && shared.lineWidth == Symbology.qr.appearance.lineWidth)
    }

    @Test(
        "nil, or an index outside the codes, picks none; showing new codes picks none [3.2]",
        arguments: [-1, 10, Int.max])
    func picksNone(index: Int) throws {
        let overlay = CodeOverlay(styles: CountingSource())
        let codes = try scannedCodes(10)
        overlay.show(codes)
        overlay.pick(2)
        overlay.pick(index)
        let canvas = RecordingCanvas()
        overlay.draw(into: canvas)
        #expect(!canvas.strokes.contains { if case .outline(_, .yellow, _) = $0 { true } else { false } })

        overlay.pick(2)
        overlay.show(codes)
        let shown = RecordingCanvas()
        overlay.draw(into: shown)
        #expect(!shown.strokes.contains { if case .outline(_, .yellow, _) = $0 { true } else { false } })
        #expect(shown.strokes.count == 20)

        overlay.pick(1)
        overlay.pick(nil)
        let none = RecordingCanvas()
        overlay.draw(into: none)
        #expect(!none.strokes.contains { if case .outline(_, .yellow, _) = $0 { true } else { false } })
    }
}

/// The first stroke where `drawn` and `expected` (of one length) differ, both said; `nil` when
/// none does.
///
/// Comparing 20,000 strokes whole would take Swift Testing seconds to describe.
func firstDifference(_ drawn: [RecordingCanvas.Stroke], _ expected: [RecordingCanvas.Stroke]) -> String? {
    zip(drawn, expected).enumerated().first { $0.element.0 != $0.element.1 }.map { index, pair in
        "stroke \(index + 1) of \(expected.count): drawn \(pair.0), expected \(pair.1)"
    }
}

/// What drawing `code` with `style` puts on the canvas, in order: outline, then label.
func strokesInOrder(drawing code: ScannedCode, with style: CodeStyle) -> [RecordingCanvas.Stroke] {
    [
        .outline(code.bounds, style.color, lineWidth: style.lineWidth),
        .label("\(style.title) \(code.payload)", under: code.bounds, style.color),
    ]
}
