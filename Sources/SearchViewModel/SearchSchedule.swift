/// When each provider's answer is due: its own timeout or the search's deadline, whichever comes first.
struct SearchSchedule: Sendable {
    /// A moment at which some providers are due, and how long they were given, for the message.
    struct Cutoff: Sendable {
        let instant: ContinuousClock.Instant
        /// The timeout that ran out: "no answer within" this.
        let within: Duration
        /// The providers due at this moment, by position in the lineup.
        let providers: [Int]
    }

    /// When the search is over, whatever a provider is doing.
    let deadline: ContinuousClock.Instant
    /// When each provider is due, by position in the lineup; never after ``deadline``.
    let dueByProvider: [ContinuousClock.Instant]
    /// Every moment a provider is due, earliest first; the last is ``deadline``.
    let cutoffs: [Cutoff]

    /// Timeouts are cut to this, so adding one to the clock or sleeping for it never overflows.
    static let longest = Duration.seconds(100 * 365 * 86_400)

    /// The schedule of a search starting at `start`, due after `timeout` or at `requestDeadline`,
    /// whichever comes first, over providers with the given timeouts of their own.
    init(
        start: ContinuousClock.Instant, timeout: Duration, requestDeadline: ContinuousClock.Instant?,
        providerTimeouts: [Duration?]
    ) {
        var within = Self.bounded(timeout)
        if let requestDeadline, requestDeadline < start + within { within = max(.zero, requestDeadline - start) }
        let deadline = start + within
        self.deadline = deadline
        // A list, not a dictionary keyed by instant: a lineup has a few providers, and the
        // dictionary's first use cost a search half a millisecond (the runtime looking up
        // `Instant: Hashable` among every conformance in the program).
        var groups: [(instant: ContinuousClock.Instant, within: Duration, providers: [Int])] = [(deadline, within, [])]
        var dues: [ContinuousClock.Instant] = []
        dues.reserveCapacity(providerTimeouts.count)
        for (index, timeout) in providerTimeouts.enumerated() {
            let own = timeout.map(Self.bounded)
            let due = own.map { min(start + $0, deadline) } ?? deadline
            dues.append(due)
            if let group = groups.firstIndex(where: { $0.instant == due }) {
                groups[group].providers.append(index)
            } else {
                groups.append((due, own ?? within, [index]))
            }
        }
        dueByProvider = dues
        cutoffs = groups.map { Cutoff(instant: $0.instant, within: $0.within, providers: $0.providers) }
            .sorted { $0.instant < $1.instant }
    }

    private static func bounded(_ duration: Duration) -> Duration {
        min(max(duration, .zero), longest)
    }
}
