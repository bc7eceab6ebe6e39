extension Duration {
    /// Whole milliseconds in this duration.
    public var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }

    /// "140 ms" under a second, "2.3 s" above: how durations read in messages.
    public var shortDescription: String {
        let ms = wholeMilliseconds
        return ms < 1000 ? "\(ms) ms" : "\(ms / 1000).\(ms % 1000 / 100) s"
    }
}
