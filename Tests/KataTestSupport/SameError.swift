/// Whether `thrown` is `expected`: the same type, and an equal value.
///
/// How a test checks that an error was passed on unchanged, whatever its type: an error of a
/// type the code under test has never heard of included. An `expected` that isn't `Equatable`
/// never matches.
public func isSame(_ thrown: any Error, as expected: any Error) -> Bool {
    // Why through `Any`: the cast is decided at run time, for the error's concrete type.
    guard let expected = (expected as Any) as? any Equatable else { return false }
    return expected.isEqual(to: thrown)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
