import Flyweight
import KataTestSupport
import ScanKit
import Testing

@Suite("Flyweight · Step 5 — One shared style per symbology", .tags(.scan))
struct Step5SharedStyles {
    let factory = CodeStyleFactory()

    @Test("The same symbology gives the same style object; another symbology, another [5.1]")
    func oneStylePerSymbology() {
        for symbology in Symbology.allCases {
            let style = factory.style(for: symbology)
            #expect(
                factory.style(for: symbology) === style,
                "Asked twice for \(symbology), the factory returns the very same style (rule 5.1)")
            #expect(style.symbology == symbology, "The style for \(symbology) is \(symbology)'s (rule 5.1)")
            for other in Symbology.allCases where other != symbology {
                #expect(
                    factory.style(for: other) !== style,
                    "\(other) and \(symbology) look different, so they get different styles (rule 5.1)")
            }
        }
    }

    @Test("A style nobody else holds any more is still the factory's: asked again, it returns that one [5.1]")
    func factoryKeepsItsStyles() {
        for symbology in Symbology.allCases {
            // Only a weak reference is kept here: once `style(for:)` returns, the factory is the
            // style's only holder.
            let watched = Watched(factory.style(for: symbology))
            #expect(
                watched.object != nil,
                "The factory keeps the \(symbology) style it made, though no code's drawing holds it now (rule 5.1)"
            )
            #expect(
                watched.object != nil && factory.style(for: symbology) === watched.object,
                "Asked again for \(symbology), it returns the style it made before, not a new one (rule 5.1)")
        }
    }

    @Test("10,000 codes share five styles, and each code is drawn with its own payload and bounds [5.1, 5.2]")
    func tenThousandCodesFiveStyles() throws {
        let codes = try scannedCodes(10_000)
        // The styles themselves are kept, not their ObjectIdentifiers: a freed object's address is
        // soon reused, so fresh styles could share an identifier.
        var styles: [CodeStyle] = []
        var misdrawn: [String] = []
        for code in codes {
            let style = factory.style(for: code.symbology)
            styles.append(style)
            // A canvas per code: what it holds is that code's drawing, and nothing else.
            let canvas = RecordingCanvas()
            style.draw(code.payload, at: code.bounds, into: canvas)
            let drawn = canvas.strokes
            // The two strokes, in either order, compared without hashing: 10,000 times over.
            let outline = RecordingCanvas.Stroke.outline(code.bounds, style.color, lineWidth: style.lineWidth)
            let label = RecordingCanvas.Stroke.label(
                "\(style.title) \(code.payload)", under: code.bounds, style.color)
            if style.symbology != code.symbology || drawn.count != 2
                || !((drawn[0] == outline && drawn[1] == label) || (drawn[0] == label && drawn[1] == outline))
            {
                misdrawn.append(code.payload)
            }
        }
        let distinct = Set(styles.map(ObjectIdentifier.init))
        #expect(
            distinct.count == Symbology.allCases.count,
            "10,000 codes of \(Symbology.allCases.count) symbologies share \(Symbology.allCases.count) styles, one per symbology, not \(distinct.count) (rule 5.1)"
        )
        #expect(
            misdrawn.isEmpty,
            """
            Each code is drawn once, an outline and a label, with its style's colour, width and title \
            and its own payload and bounds; \(misdrawn.count) were not, first \(misdrawn.prefix(3)) (rule 5.2)
            """)
    }

    @Test(
        "The label carries the payload as given: surrounding spaces and newlines stay [5.2]",
        arguments: [
            " SHIP1", "SHIP1 ", "  LOT-7-B\n", "\tSHIP 2\t", "\nhttps://shop.example.com/item/3 \r\n",
        ])
    func payloadAsGiven(payload: String) throws {
        let bounds = try CodeBounds(x: 0.1, y: 0.2, width: 0.3, height: 0.1)
        for symbology in Symbology.allCases {
            let style = factory.style(for: symbology)
            let canvas = RecordingCanvas()
            style.draw(payload, at: bounds, into: canvas)
            #expect(
                canvas.strokes.filter { if case .label = $0 { true } else { false } }
                    == [.label("\(style.title) \(payload)", under: bounds, style.color)],
                "\(symbology): the label is the title, a space and the payload exactly as given, \(payload.debugDescription), not trimmed (rule 5.2)"
            )
        }
    }

    @Test("A canvas that draws another code from inside a drawing call gets both codes right [5.3]")
    func canvasDrawsFromInside() throws {
        let codes = try scannedCodes(2 * Symbology.allCases.count)
        for (outer, inner) in zip(codes, codes.dropFirst(Symbology.allCases.count)) {
            let style = factory.style(for: outer.symbology)
            let canvas = RecordingCanvas()
            canvas.whileDrawing = { canvas in
                canvas.whileDrawing = nil
                style.draw(inner.payload, at: inner.bounds, into: canvas)
            }
            style.draw(outer.payload, at: outer.bounds, into: canvas)
            #expect(
                canvas.strokes.count == 4
                    && Set(canvas.strokes)
                        == strokes(drawing: outer, with: style).union(strokes(drawing: inner, with: style)),
                """
                A style keeps nothing of the code it draws: \(inner.payload), drawn from inside the \
                drawing of \(outer.payload), leaves both with their own payload and bounds (rule 5.3)
                """)
        }
    }

    @Test("1,000 tasks asking at once still get one style per symbology [5.4, 1.7]")
    func manyTasksOneStyleEach() async throws {
        let factory = self.factory
        let styles = await withTaskGroup(of: CodeStyle.self) { group in
            for index in 0..<1_000 {
                group.addTask { factory.style(for: Symbology.allCases[index % Symbology.allCases.count]) }
            }
            return await group.reduce(into: [CodeStyle]()) { $0.append($1) }
        }
        for symbology in Symbology.allCases {
            let theirs = styles.filter { $0.symbology == symbology }
            let first = theirs.first
            #expect(
                first != nil && theirs.allSatisfy { $0 === first },
                "Every task asking for \(symbology) gets the same style, however many ask at once (rule 5.4)")
        }
        let hatches = try EscapeHatches.findings(inPattern: "Flyweight")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 5))")
    }
}
