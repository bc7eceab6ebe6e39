import ServiceBus
import Testing

@Suite("Durations")
struct DurationParsingTests {
    @Test(
        "the documented forms parse",
        arguments: [
            ("250ms", Duration.milliseconds(250)), ("10s", .seconds(10)), ("1.5s", .milliseconds(1500)),
            ("2m", .seconds(120)), ("1h", .seconds(3600)), (" 3s ", .seconds(3)), ("24h", .seconds(86400)),
            ("1ms", .milliseconds(1)),
        ])
    func parses(text: String, expected: Duration) {
        #expect(DurationParsing.parse(text) == expected)
    }

    @Test(
        "anything else is rejected",
        arguments: [
            "", "10", "s", "ten s", "-1s", "0s", "1.2.3s", "5 min", "1e3s", "nans",
            "10000000000000000h", "25h", "86400.001s", "0.0001s", "99999999999999999999999999999999999999ms",
        ])
    func rejects(text: String) {
        #expect(DurationParsing.parse(text) == nil)
    }

    @Test(
        "a rejected duration says what is wrong with it",
        arguments: [
            ("25h", "longer than 24h, the longest accepted"), ("0.0001s", "shorter than 1ms"),
            ("10S", "not a duration: units are written in lower case (ms, s, m, h)"),
            ("1h30m", "not a duration: give one number and one unit, like 90m"),
            ("1m30s", "not a duration: give one number and one unit, like 90s"),
            ("ten s", "not a duration: give \(DurationParsing.examples)"),
            ("24h1ms", "longer than 24h, the longest accepted"),
        ])
    func problems(text: String, problem: String) {
        #expect(DurationParsing.problem(with: text) == problem)
        #expect(DurationParsing.problem(with: "10s") == nil)
    }
}
