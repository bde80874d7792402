/// The results in an xUnit XML file, as `swift test --xunit-output` writes them.
///
/// Only what the kata check needs is read: one ``TestResult`` per `<testcase>`, with the
/// messages of its `<failure>` elements. A hand-written reader keeps the tool free of
/// FoundationXML, which needs libxml2 on Linux.
struct XUnitReport: Equatable {
    /// Every test case in the file, in file order.
    var results: [TestResult]
    /// Whether the file was written to the end.
    ///
    /// A test process that crashed leaves it cut off.
    var isComplete: Bool

    /// Reads the report in `xml`.
    init(xml: String) {
        isComplete = xml.contains("</testsuites>") || xml.contains("<testsuites/>")
        results = []
        var rest = xml[...]
        while let start = rest.range(of: "<testcase") {
            rest = rest[start.upperBound...]
            guard let tagEnd = rest.firstIndex(of: ">") else { break }
            let tag = rest[..<tagEnd]
            let selfClosing = tag.hasSuffix("/")
            let attributes = Self.attributes(in: tag)
            rest = rest[rest.index(after: tagEnd)...]
            var body: Substring = ""
            if !selfClosing {
                let end = rest.range(of: "</testcase>")
                body = rest[..<(end?.lowerBound ?? rest.endIndex)]
                rest = rest[(end?.upperBound ?? rest.endIndex)...]
            }
            results.append(
                TestResult(
                    classname: attributes["classname"] ?? "",
                    name: attributes["name"] ?? "",
                    failures: Self.failureMessages(in: body),
                    skipped: body.contains("<skipped")
                ))
        }
    }

    private static func failureMessages(in body: Substring) -> [String] {
        var messages: [String] = []
        var rest = body
        while let start = rest.range(of: "<failure") {
            rest = rest[start.upperBound...]
            let tagEnd = rest.firstIndex(of: ">") ?? rest.endIndex
            messages.append(attributes(in: rest[..<tagEnd])["message"] ?? "")
            rest = rest[tagEnd...]
        }
        return messages
    }

    /// The `name="value"` pairs of a tag, with entities decoded.
    static func attributes(in tag: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = tag
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
            rest = rest[rest.index(after: equals)...].drop(while: \.isWhitespace)
            guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
            rest = rest.dropFirst()
            let valueEnd = rest.firstIndex(of: quote) ?? rest.endIndex
            attributes[name] = decodeEntities(rest[..<valueEnd])
            rest = valueEnd < rest.endIndex ? rest[rest.index(after: valueEnd)...] : ""
        }
        return attributes
    }

    /// Replaces `&amp;`, `&lt;`, `&#8594;`, … with the characters they stand for.
    static func decodeEntities(_ text: Substring) -> String {
        var decoded = ""
        var rest = text
        while let ampersand = rest.firstIndex(of: "&") {
            decoded += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].firstIndex(of: ";") else {
                decoded += rest[ampersand...]
                return decoded
            }
            let entity = rest[afterAmpersand..<semicolon]
            if let character = character(for: entity) {
                decoded.append(character)
            } else {
                decoded += rest[ampersand...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return decoded + rest
    }

    private static func character(for entity: Substring) -> Character? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard entity.hasPrefix("#") else { return nil }
            let digits = entity.dropFirst()
            let value =
                digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}

/// One test's outcome.
struct TestResult: Equatable {
    /// `Module.Suite` (or just `Module` for a test outside a suite).
    var classname: String
    /// The test function, such as `keepsMatches()`.
    var name: String
    /// One message per recorded issue; empty when the test passed.
    var failures: [String]
    /// Whether the test was skipped (a disabled test).
    var skipped: Bool = false

    /// The test module: the part of ``classname`` before the first dot.
    var module: String { String(classname.prefix { $0 != "." }) }
    /// The identifier `swift test --filter` matches against: `Module.Suite/test()`.
    var id: String { "\(classname)/\(name)" }
    /// Whether the test ran and recorded no issue.
    var passed: Bool { failures.isEmpty && !skipped }
}
