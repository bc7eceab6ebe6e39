/// How many results a search or one provider may be asked for (`search.limit`, `max_results`, `--limit`).
///
/// Bounded so an absurd count never reaches an allocation or a loop of page requests.
package enum ResultLimits {
    /// The largest accepted count.
    package static let maximum = 10_000
    /// Every accepted count.
    package static let range = 1...maximum
    /// What a valid count looks like, for error messages.
    package static let description = "a whole number from 1 to 10000"
}

/// The accepted `weight:` of a provider in ranking.
///
/// Bounded so weighted scores stay finite and JSON can carry them.
package enum WeightLimits {
    /// Every accepted weight.
    package static let range = 0.0...100.0
    /// What a valid weight looks like, for error messages.
    package static let description = "a number from 0 to 100 (1.0 is neutral)"
}
