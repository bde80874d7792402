/// Watches an object without keeping it alive: ``object`` is `nil` once nothing else holds it.
///
/// How a test checks that something lets go: a closure's capture after a release, a handle
/// nobody holds, a subscription after `close()`.
public struct Watched<Object: AnyObject> {
    /// The object, while anything else still holds it.
    public weak var object: Object?

    /// Watches `object`.
    public init(_ object: Object?) {
        self.object = object
    }
}
