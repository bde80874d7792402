import Testing

extension Tag {
    /// Tests of the shopping app's scan domain (the store search lives there).
    @Tag static var scan: Self
}
