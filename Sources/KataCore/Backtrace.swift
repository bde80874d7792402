import Foundation

/// The stacks Swift's runtime backtracer prints when a process gets a crash signal.
///
/// The tool asks for every thread (``environment``), then reads the log:
///
/// ```
/// Thread 0 "PatternKatasPac" crashed:
///
///   0      0x00007f… clock_nanosleep@@GLIBC_2.17 + 101 in libc.so.6
///   1 [ra] 0x00005641… main + 79 in T.xctest at /…/Tests/BuilderTests/Step1.swift:5:8
/// ...
///
/// Thread 3:
///
///   0      0x00005592… ConnectionBuilder.build(url:) + 42 in T.xctest at /…/Katas/Builder/ConnectionBuilder.swift:48:9
/// ```
///
/// This is the backtracer's text for people, not a format with a version, so every field is
/// read leniently: a frame without a file or a line is still a frame, and a log with no stack at
/// all gives no threads.
package struct Backtrace: Equatable {
    package struct Frame: Equatable {
        /// The function, as the backtracer names it: `ConnectionBuilder.build(url:)`.
        package let function: String
        /// The source file, a full path, when the frame has debug information.
        package let file: String?
        /// The line, when the backtracer knows it (not always for the top frame).
        package let line: Int?
        /// Where the frame's code is in memory, and how far past its function's start.
        package var address: UInt64? = nil
        package var offset: UInt64? = nil
        /// The file name of the image the code is in: `PatternKatasPackageTests.xctest`.
        package var image: String? = nil
    }

    /// A binary loaded in the process, from the list after the stacks (`images=mentioned`).
    package struct Image: Equatable {
        /// Where it starts in memory.
        package let base: UInt64
        /// Its file's name and full path.
        package let name: String
        package let path: String
    }

    /// One thread's stack, its top frame first.
    package struct Stack: Equatable {
        /// `Thread 3` or `Thread 0 "name"`, without the colon.
        let title: String
        /// Whether it is the thread that got the signal.
        let crashed: Bool
        let frames: [Frame]
    }

    /// Every thread printed, in the backtracer's order.
    package let threads: [Stack]
    /// The images the stacks mention.
    package let images: [Image]

    /// What the tool sets `SWIFT_BACKTRACE` to for the test process: on, never waiting for an
    /// answer, every thread's stack, without the registers, which only lengthen the log, and
    /// with the images the stacks mention (where each is in memory: KataSystem's `LineTable` needs it),
    /// written to a file of its own in `folder`.
    ///
    /// Why a file: `swift test` holds its test process's output until that process ends, and a
    /// process stopped by SIGQUIT may never end by itself; the file can be read at once.
    package static func environment(writingTo folder: URL) -> String {
        "enable=yes,interactive=no,preset=full,registers=none,images=mentioned,output-to=\(folder.path)"
    }

    /// The line the backtracer ends its report with: `Backtrace took 0.01s`.
    package static let endMarker = "Backtrace took"

    /// Reads every thread's stack in `log`.
    package init(log: String) {
        var threads: [Stack] = []
        var title: String?
        var crashed = false
        var frames: [Frame] = []
        var images: [Image] = []
        func close() {
            if let title { threads.append(Stack(title: title, crashed: crashed, frames: frames)) }
            title = nil
            frames = []
        }
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            // `0x000055…–0x000055… d575…a7ba PatternKatasPackageTests.xctest /…/PatternKatasPackageTests.xctest`
            if let image = line.firstMatch(of: /^0x([0-9a-fA-F]+)[–-]0x[0-9a-fA-F]+\s+\S+\s+(\S+)\s+(\/.*)$/),
                let base = UInt64(image.1, radix: 16)
            {
                images.append(Image(base: base, name: String(image.2), path: String(image.3)))
                continue
            }
            if line.hasPrefix("Thread "), line.hasSuffix(":") {
                close()
                crashed = line.hasSuffix(" crashed:")
                title = String(line.dropLast(crashed ? " crashed:".count : 1))
                continue
            }
            guard title != nil else { continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                // One empty line comes between the title and the frames; the next one ends them.
                if !frames.isEmpty { close() }
                continue
            }
            if let frame = Self.frame(line) {
                frames.append(frame)
            } else if !frames.isEmpty, !line.hasPrefix("...") {
                close()
            }
        }
        close()
        self.threads = threads
        self.images = images
    }

    /// One frame's line, read.
    ///
    /// `  3 [ra] 0x0000… LexicalSearch.filter(_:) + 123 in T.xctest at /…/Lexical.swift:16:47`, or
    /// ` 12 [async] [thunk]  0x0000… partial apply for … in libTesting.so`.
    private static func frame(_ line: Substring) -> Frame? {
        guard let match = line.firstMatch(of: /^\s*\d+\s+(?:\[[a-z]+\]\s+)*(?:0x([0-9a-fA-F]+)\s+)?(.*)$/)
        else {
            return nil
        }
        let address = match.1.flatMap { UInt64($0, radix: 16) }
        var rest = Substring(match.2)
        var file: String?
        var number: Int?
        if let at = rest.range(of: " at /", options: .backwards) {
            let place = rest[rest.index(at.lowerBound, offsetBy: " at ".count)...]
            rest = rest[..<at.lowerBound]
            if let located = place.firstMatch(of: /^(.+?\.swift)(?::(\d+)(?::\d+)?)?$/) {
                file = String(located.1)
                number = located.2.flatMap { Int($0) }
            } else {
                file = String(place)
            }
        }
        // `build(url:) + 42 in T.xctest`: the function is what comes before the offset.
        let function = rest.range(of: " + ").map { String(rest[..<$0.lowerBound]) } ?? String(rest)
        let offset = rest.firstMatch(of: /\s\+ (\d+) in (\S+)$/)
        return Frame(
            function: function, file: file, line: number, address: address,
            offset: offset.flatMap { UInt64($0.1) }, image: offset.map { String($0.2) })
    }

    /// The first frame in the learner's files (`<root>/Katas/…`), on the crashed thread when
    /// `crashedOnly`, else on any thread, threads in order.
    ///
    /// - Returns: the place as the learner clicks it, `Katas/Builder/ConnectionBuilder.swift:48`
    ///   (no line when the backtracer gave none), and the frame.
    package func firstKataFrame(under root: String, crashedOnly: Bool) -> (place: String, frame: Frame)? {
        let prefix = (root.hasSuffix("/") ? root : root + "/") + "Katas/"
        for thread in threads where thread.crashed || !crashedOnly {
            for frame in thread.frames {
                guard let file = frame.file, file.hasPrefix(prefix) else { continue }
                let place = "Katas/" + file.dropFirst(prefix.count) + (frame.line.map { ":\($0)" } ?? "")
                return (place, frame)
            }
        }
        return nil
    }
}
