import Foundation
import ProviderKit
import Testing

/// Values from outside that once trapped or came out wrong: they are bounded, never a crash.
@Suite("Durations and date-times at their bounds")
struct ValueBoundsTests {
    @Test("a duration too long for 64-bit milliseconds saturates instead of trapping")
    func hugeDuration() {
        #expect(Duration.seconds(Int64.max).wholeMilliseconds == .max)
        #expect(Duration.seconds(-Int64.max).wholeMilliseconds == .min)
        #expect(Duration.milliseconds(1500).wholeMilliseconds == 1500)
        #expect(Duration.seconds(Int64.max).shortDescription.hasSuffix(" s"))
    }

    @Test("a year outside 1–9999 is no date (it used to wrap around to year 0)")
    func absurdYears() {
        #expect(DateTime.parse("9223372036854775807:01:01 00:00:00") == nil)
        #expect(DateTime.parse("10000:01:01 00:00:00") == nil)
        #expect(DateTime.parse("0000:01:01 00:00:00") == nil)
        let date = DateTime.parse("2023:09:14 19:42:10")
        #expect(date?.localSeconds == 1_694_720_530 && date?.utcOffsetSeconds == nil)
    }
}
