import Testing

extension Tag {
    /// Tests of the shopping app's scan domain.
    @Tag static var scan: Self
}
