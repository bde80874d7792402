import Flyweight
import Foundation
import KataTestSupport
import ScanKit
import Testing

@Suite(
    "Flyweight · Step 1 — The shared style, and what each code brings", .tags(.scan),
    .noEscapeHatches("Flyweight", rule: "1.4"))
struct Step1SharedStyle {
    @Test(
        "A style holds what every code of its symbology shares, from its appearance; nothing under Katas/Flyweight switches a check off [1.1]",
        arguments: Symbology.allCases)
    func intrinsicState(symbology: Symbology) throws {
        let style = CodeStyleFactory().style(for: symbology)
        let appearance = symbology.appearance
        #expect(style.symbology == symbology)
        #expect(style.title == appearance.title)
        #expect(style.color == appearance.color)
        #expect(style.lineWidth == appearance.lineWidth)
    }

    @Test(
        "draw outlines the code and writes its label, with the code's own payload and bounds, once each [1.2]",
        arguments: [" 4006381333931\n", "https://shop.example.com/item/7", "ÄÖÜ 日本"])
    func drawsWithWhatItIsGiven(payload: String) throws {
        for symbology in Symbology.allCases {
            let style = CodeStyleFactory().style(for: symbology)
            let bounds = try CodeBounds(x: 0.25, y: 0.5, width: 0.125, height: 0.0625)
            let canvas = RecordingCanvas()
            style.draw(payload, at: bounds, into: canvas)
            #expect(
                canvas.strokes == [
                    .outline(bounds, style.color, lineWidth: style.lineWidth),
                    .label("\(style.title) \(payload)", under: bounds, style.color),
                ], "The outline, then the label: the payload as given, with its spaces")
        }
    }

    @Test("A style holds nothing that can change: no stored var, lock or atomic in CodeStyle.swift [1.1]")
    func nothingThatCanChange() throws {
        let file = try #require(
            try EscapeHatches.sources(inPattern: "Flyweight").first { $0.file.hasSuffix("/CodeStyle.swift") },
            "CodeStyle.swift, where the shared style lives")
        let changeable = ["Mutex", "Atomic", "NSLock", "Lock(", "Guarded", "nonmutating"]
        for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.components(separatedBy: "//").first ?? ""
            // A property sits one level in (a local `var` inside a method is fine), and a
            // computed one opens a brace.
            let indent = code.prefix { $0 == " " }.count
            let storedVar = indent == 4 && code.contains("var ") && !code.contains("{")
            if storedVar || changeable.contains(where: { code.contains($0) }) {
                Issue.record(
                    "\(file.file):\(index + 1) gives a shared style something that can change (\(code.trimmingCharacters(in: .whitespaces))): every code of the symbology draws with it, from any task, so it holds only lets"
                )
            }
        }
        let style = CodeStyleFactory().style(for: .qr)
        let canvas = RecordingCanvas()
        style.draw("A", at: try CodeBounds(x: 0, y: 0, width: 0.1, height: 0.1), into: canvas)
        #expect(canvas.strokes.count == 2, "…and it draws: an outline and a label")
    }

    @Test("A style keeps nothing of a code: a canvas may draw another code with it from inside a call [1.3]")
    func keepsNothing() throws {
        let style = CodeStyleFactory().style(for: .ean13)
        let codes = try scannedCodes(10).filter { $0.symbology == .ean13 }
        let first = try #require(codes.first)
        let second = try #require(codes.last)
        let canvas = RecordingCanvas()
        var nested = false
        canvas.whileDrawing = { canvas in
            guard !nested else { return }
            nested = true
            style.draw(second.payload, at: second.bounds, into: canvas)
        }
        style.draw(first.payload, at: first.bounds, into: canvas)
        let expected = strokes(drawing: first, with: style).union(strokes(drawing: second, with: style))
        #expect(Set(canvas.strokes) == expected, "Each code with its own payload and bounds")
        #expect(canvas.strokes.count == 4)
    }

    @Test("Many tasks draw with one style at once, each its own code [1.3]")
    func drawnFromManyTasks() async throws {
        let style = CodeStyleFactory().style(for: .qr)
        let codes = try scannedCodes(500).filter { $0.symbology == .qr }
        let labels = await withTaskGroup(of: [RecordingCanvas.Stroke].self) { group in
            for code in codes {
                group.addTask {
                    let canvas = RecordingCanvas()
                    style.draw(code.payload, at: code.bounds, into: canvas)
                    return canvas.strokes
                }
            }
            return await group.reduce(into: Set<RecordingCanvas.Stroke>()) { $0.formUnion($1) }
        }
        let expected = codes.reduce(into: Set<RecordingCanvas.Stroke>()) {
            $0.formUnion(strokes(drawing: $1, with: style))
        }
        #expect(labels == expected)
    }
}
