import Testing

@testable import SearchViewModel

/// The instants a search is due at, computed from a given start: exact, with no clock read and
/// no timing margin, so a deadline a moment late fails here.
@Suite("Search schedule")
struct SearchScheduleTests {
    let start = ContinuousClock.now

    @Test("the deadline is the start plus the search's timeout, and a provider without its own is due then")
    func deadline() {
        let schedule = SearchSchedule(
            start: start, timeout: .seconds(10), requestDeadline: nil, providerTimeouts: [nil, nil])
        #expect(schedule.deadline == start + .seconds(10))
        #expect(schedule.dueByProvider == [start + .seconds(10), start + .seconds(10)])
        #expect(schedule.cutoffs.map(\.instant) == [start + .seconds(10)])
        #expect(schedule.cutoffs.map(\.within) == [.seconds(10)])
        #expect(schedule.cutoffs.map(\.providers) == [[0, 1]])
    }

    @Test("a provider's own shorter timeout makes it due earlier; a longer one is cut to the deadline")
    func providerTimeouts() {
        let schedule = SearchSchedule(
            start: start, timeout: .seconds(10), requestDeadline: nil,
            providerTimeouts: [.milliseconds(2500), nil, .seconds(30), .milliseconds(2500), .milliseconds(9999)])
        #expect(
            schedule.dueByProvider == [
                start + .milliseconds(2500), start + .seconds(10), start + .seconds(10), start + .milliseconds(2500),
                start + .milliseconds(9999),
            ])
        #expect(
            schedule.cutoffs.map(\.instant) == [
                start + .milliseconds(2500), start + .milliseconds(9999), start + .seconds(10),
            ])
        // Each cutoff names the time that ran out: the provider's own, else the search's.
        #expect(schedule.cutoffs.map(\.within) == [.milliseconds(2500), .milliseconds(9999), .seconds(10)])
        #expect(schedule.cutoffs.map(\.providers) == [[0, 3], [4], [1, 2]])
    }

    @Test("a request deadline sooner than the timeout wins; a later one changes nothing")
    func requestDeadline() {
        let sooner = SearchSchedule(
            start: start, timeout: .seconds(10), requestDeadline: start + .milliseconds(1500),
            providerTimeouts: [.seconds(3), nil])
        #expect(sooner.deadline == start + .milliseconds(1500))
        #expect(sooner.dueByProvider == [start + .milliseconds(1500), start + .milliseconds(1500)])
        #expect(sooner.cutoffs.map(\.within) == [.milliseconds(1500)])
        let later = SearchSchedule(
            start: start, timeout: .seconds(10), requestDeadline: start + .seconds(11), providerTimeouts: [nil])
        #expect(later.deadline == start + .seconds(10))
        let passed = SearchSchedule(
            start: start, timeout: .seconds(10), requestDeadline: start - .seconds(1), providerTimeouts: [nil])
        #expect(passed.deadline == start)  // already past: due at once, never before the start
    }

    @Test("negative and absurd timeouts are bounded, so no instant overflows")
    func bounds() {
        let schedule = SearchSchedule(
            start: start, timeout: .seconds(Int64.max), requestDeadline: nil,
            providerTimeouts: [.seconds(-5), .seconds(Int64.max)])
        #expect(schedule.deadline == start + SearchSchedule.longest)
        #expect(schedule.dueByProvider == [start, start + SearchSchedule.longest])
    }
}
