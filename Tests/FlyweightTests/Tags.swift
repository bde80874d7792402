import Testing

extension Tag {
    /// Tests of the real-time messaging domain.
    @Tag static var messaging: Self
}
