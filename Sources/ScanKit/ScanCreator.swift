/// Something that makes data for the scan pipeline: the camera, the photo album.
///
/// In the Chain of Responsibility kata it is the pipeline's **source** (the scan write-up calls it
/// a creator): the pipeline asks each of its creators for their items, and sends every item
/// through its units.
/// ``FakeCamera`` and ``FakePhotoAlbum`` stand in for the real ones.
public protocol ScanCreator {
    /// The items this creator makes for one scanning session, in order.
    func produce() -> [ScanItem]
}

/// A camera for tests: it "films" the frames it was given, in order, every session.
public struct FakeCamera: ScanCreator, Sendable {
    /// The frames the camera sees, in order.
    public let frames: [Frame]

    /// Creates a camera that sees `frames`.
    public init(frames: [Frame]) {
        self.frames = frames
    }

    /// One ``ScanItem/frame(_:)`` per frame, in order.
    public func produce() -> [ScanItem] {
        frames.map(ScanItem.frame)
    }
}

/// A photo album for tests: the person picked one photo to scan, or none.
public struct FakePhotoAlbum: ScanCreator, Sendable {
    /// The photo the person picked, as one still frame; `nil` when they cancelled.
    public let picked: Frame?

    /// Creates an album in which the person picked `photo` (or nothing).
    public init(picked photo: Frame?) {
        self.picked = photo
    }

    /// The picked photo as a ``ScanItem/frame(_:)``, or nothing.
    public func produce() -> [ScanItem] {
        picked.map { [.frame($0)] } ?? []
    }
}
