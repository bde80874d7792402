/// One code the scanner read: what it says, how it was printed and where it was.
public struct ScannedCode: Sendable, Hashable {
    /// The text the code carries: a URL, digits, free text.
    public let payload: String
    /// How the code was printed.
    public let symbology: Symbology
    /// Where the code was in its frame.
    public let bounds: CodeBounds

    /// Creates a code, checking that the payload fits the symbology.
    ///
    /// EAN-13 and EAN-8 payloads must be all digits, of the right length, with a valid check
    /// digit: a misread product barcode is rejected here, not three screens later.
    ///
    /// - Throws: ``ScanError/emptyPayload(_:)`` for an empty payload, and
    ///   ``ScanError/invalidPayload(_:_:reason:)`` for an EAN that is not valid.
    public init(
        payload: String,
        symbology: Symbology,
        bounds: CodeBounds = .wholeFrame
    ) throws(ScanError) {
        guard !payload.isEmpty else { throw .emptyPayload(symbology) }
        if let digitCount = symbology.requiredDigitCount {
            try Self.checkEAN(payload, symbology: symbology, digitCount: digitCount)
        }
        self.payload = payload
        self.symbology = symbology
        self.bounds = bounds
    }

    private static func checkEAN(
        _ payload: String,
        symbology: Symbology,
        digitCount: Int
    ) throws(ScanError) {
        let digits = payload.compactMap(\.wholeNumberValue)
        guard digits.count == payload.count, payload.allSatisfy(\.isASCII) else {
            throw .invalidPayload(payload, symbology, reason: "must contain digits only")
        }
        guard digits.count == digitCount else {
            throw .invalidPayload(payload, symbology, reason: "must have \(digitCount) digits")
        }
        // GS1 check digit: from the right, the digits before the check digit weigh 3, 1, 3, …
        let body = digits.dropLast()
        let weighted = body.reversed().enumerated().reduce(0) { sum, item in
            sum + item.element * (item.offset.isMultiple(of: 2) ? 3 : 1)
        }
        let expected = (10 - weighted % 10) % 10
        guard digits.last == expected else {
            throw .invalidPayload(payload, symbology, reason: "check digit should be \(expected)")
        }
    }
}
