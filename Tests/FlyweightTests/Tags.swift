import Testing

extension Tag {
    /// Tests of the real-time messaging domain.
    @Tag static var messaging: Self
    /// Tests of the shopping app's scan domain.
    @Tag static var scan: Self
}
