import ChainOfResponsibility
import Proxy
import ScanKit
import State
import Synchronization

// Doubles declared here, in the tests: the screen has never heard of them, so it can only reach
// them through the seams a refactoring opens.

/// A unit that writes down every item it receives and every session start, and passes each item
/// on unchanged.
final class SpyUnit: ScanUnit {
    private(set) var received: [ScanItem] = []
    private(set) var sessions = 0
    /// Each session start and item, in order: "start", or the item.
    private(set) var log: [String] = []

    func sessionDidStart() {
        sessions += 1
        log.append("start")
    }

    func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        received.append(item)
        log.append("\(item)")
        pass(item)
    }
}

/// A unit that passes each route on, then a second route saying it saw it: what leaves the last
/// unit, in the order it leaves.
final class EchoUnit: ScanUnit {
    func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        pass(item)
        if case .route = item { pass(.route(.showText("echo"))) }
    }
}

/// Another team's feature: it joins the Wi-Fi network a code describes.
///
/// A Wi-Fi code's payload starts `WIFI:S:<name>;`. Put before the classifier, it takes those codes and passes nothing on for them.
final class WifiJoiner: ScanUnit {
    private(set) var joined: [String] = []

    func receive(_ item: ScanItem, pass: (ScanItem) -> Void) {
        guard case .code(let code) = item, code.payload.hasPrefix("WIFI:") else { return pass(item) }
        joined.append(code.payload)
    }
}

/// A decoder that finds the same codes in every frame, whatever the frame holds.
struct FixedDecoder: CodeDecoding {
    let codes: [ScannedCode]
    func decode(_ frame: Frame) -> [ScannedCode] { codes }
}

/// A decoder that only reads the left half of the frame: the codes whose left edge is there.
struct LeftHalfDecoder: CodeDecoding {
    func decode(_ frame: Frame) -> [ScannedCode] { frame.codes.filter { $0.bounds.x < 0.5 } }
}

/// A decoder that reads frames as they are, and writes down the number of each frame it decodes.
final class CountingDecoder: CodeDecoding {
    private let numbers = Mutex<[Int]>([])
    var decoded: [Int] { numbers.withLock { $0 } }

    func decode(_ frame: Frame) -> [ScannedCode] {
        numbers.withLock { $0.append(frame.number) }
        return frame.codes
    }
}

/// A decoder that, the first time it decodes, registers `successor` in `capabilities` for the
/// decoder protocol (a decoder handing over to a better one), and finds no codes itself.
final class HandOverDecoder: CodeDecoding {
    private let capabilities: CapabilityLocator
    private let successor: any CodeDecoding

    init(to successor: any CodeDecoding, in capabilities: CapabilityLocator) {
        self.capabilities = capabilities
        self.successor = successor
    }

    func decode(_ frame: Frame) -> [ScannedCode] {
        capabilities.register(successor, for: (any CodeDecoding).self)
        return []
    }
}

/// Counts calls from any task.
final class CallCounter: Sendable {
    private let count = Mutex(0)
    var calls: Int { count.withLock { $0 } }
    func call() { count.withLock { $0 += 1 } }
}

/// A state that shows `message` and stays put on a scan; a tap does `onTap`.
@MainActor
struct MessageState: ScanViewState {
    let message: String
    var onScan: ScanTransition? = nil
    var onTap: ScanAction? = nil

    func display(for codes: [ScannedCode]) -> ScanDisplay { .message(message) }
    func didScan(_ frame: Frame) -> ScanTransition? { onScan }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? { onTap }
}

/// A *no code* state that shows the viewfinder, as the standard one does, and makes `onTap` on a
/// tap: a screen can't tell it from the standard state by what it shows.
@MainActor
struct ViewfinderState: ScanViewState {
    /// What a tap at an index decides.
    let onTap: (Int) -> ScanAction?

    /// A state that decides `action` on any tap.
    init(onTap action: ScanAction) { self.onTap = { _ in action } }

    /// A state that decides by the tap's index.
    init(onTapAt decide: @escaping (Int) -> ScanAction?) { self.onTap = decide }

    func display(for codes: [ScannedCode]) -> ScanDisplay { .viewfinder }
    func didScan(_ frame: Frame) -> ScanTransition? { byCodeCount(frame) }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? { onTap(index) }
}

/// A *single code* state that shows the code's payload as a message, and opens it on a tap.
@MainActor
struct PayloadSingleState: ScanViewState {
    func display(for codes: [ScannedCode]) -> ScanDisplay {
        .message("One: " + (codes.first?.payload ?? "?"))
    }
    func didScan(_ frame: Frame) -> ScanTransition? { byCodeCount(frame) }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? { codes.first.map(ScanAction.open) }
}

/// A *single code* state that opens the code at the tap's index, and nothing out of range.
@MainActor
struct IndexedSingleState: ScanViewState {
    func display(for codes: [ScannedCode]) -> ScanDisplay {
        codes.first.map(ScanDisplay.result) ?? .viewfinder
    }
    func didScan(_ frame: Frame) -> ScanTransition? { byCodeCount(frame) }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? {
        codes.indices.contains(index) ? .open(codes[index]) : nil
    }
}

/// A state whose move on a scan is whatever the test's closure decides, sense or nonsense.
@MainActor
struct ScriptedState: ScanViewState {
    let onScan: (Frame) -> ScanTransition?

    func display(for codes: [ScannedCode]) -> ScanDisplay { .message("scripted") }
    func didScan(_ frame: Frame) -> ScanTransition? { onScan(frame) }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? { nil }
}

/// A *multi code* state whose tap opens the last code, wherever it lands.
@MainActor
struct LastCodeMultiState: ScanViewState {
    func display(for codes: [ScannedCode]) -> ScanDisplay { .picker(codes) }
    func didScan(_ frame: Frame) -> ScanTransition? { byCodeCount(frame) }
    func didTap(_ index: Int, on codes: [ScannedCode]) -> ScanAction? { codes.last.map(ScanAction.open) }
}

/// The standard move on a scan, written out here so the doubles depend on no kata's states:
/// 0 codes → *no code*, 1 → *single code*, more → *multi code*.
func byCodeCount(_ frame: Frame) -> ScanTransition {
    switch frame.codes.count {
    case 0: ScanTransition(to: .noCode)
    case 1: ScanTransition(to: .singleCode, codes: frame.codes)
    default: ScanTransition(to: .multiCode, codes: frame.codes)
    }
}

extension ScanStateID {
    static let confirmPayment = ScanStateID("confirm payment")
    static let nowhere = ScanStateID("nowhere")
}
