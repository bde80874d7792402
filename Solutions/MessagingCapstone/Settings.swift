import Builder

extension ConnectionBuilder {
    /// The builder with the configuration file's settings applied: checked later, all at once.
    ///
    /// The legacy checked each key as it read it and threw at the first problem. Here reading
    /// decides nothing: each value goes to the builder's setting as it is, and `build(url:)`
    /// judges them all together.
    func reading(_ settings: [String: String]) -> ConnectionBuilder {
        var builder = self
        // Why 0 for a value that isn't a whole number: it is what the legacy client did (the
        // safety net pins it), and 0 is out of range for both, so the problem is reported.
        if let text = settings["reconnectAttempts"] {
            builder = builder.reconnectAttempts(Int(text) ?? 0)
        }
        if let text = settings["timeout"] {
            builder = builder.timeout(.seconds(Int(text) ?? 0))
        }
        if let token = settings["authToken"] {
            builder = builder.authToken(token)
        }
        return builder
    }
}
