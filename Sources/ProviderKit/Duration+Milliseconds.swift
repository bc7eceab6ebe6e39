extension Duration {
    /// Whole milliseconds in this duration, saturating at `Int64`'s bounds (a duration of more
    /// than 292 million years reads as the largest, never as a trap).
    package var wholeMilliseconds: Int64 {
        let (scaled, overflow) = components.seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return components.seconds < 0 ? .min : .max }
        let (sum, sumOverflow) = scaled.addingReportingOverflow(components.attoseconds / 1_000_000_000_000_000)
        return sumOverflow ? (scaled < 0 ? .min : .max) : sum
    }

    /// "140 ms" under a second, "2.3 s" above: how durations read in messages.
    package var shortDescription: String {
        let ms = wholeMilliseconds
        return ms < 1000 ? "\(ms) ms" : "\(ms / 1000).\(ms % 1000 / 100) s"
    }
}
