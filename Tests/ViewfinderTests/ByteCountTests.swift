import Testing

@testable import ViewfinderCommandLine

/// Byte counts in the download progress and summary: whole bytes below 1,000, then one decimal
/// in the largest unit that keeps the number under 1,000 (GB has no limit), rounded half up.
@Suite("Byte counts for people: B, kB, MB and GB with one decimal")
struct ByteCountTests {
    @Test(
        "each count in its unit, rounded half up",
        arguments: [
            (Int64(0), "0 B"), (999, "999 B"), (1000, "1.0 kB"), (1049, "1.0 kB"), (1050, "1.1 kB"),
            (999_949, "999.9 kB"), (999_950, "1000.0 kB"), (1_000_000, "1.0 MB"), (209_715_200, "209.7 MB"),
            (999_999_999, "1000.0 MB"), (1_000_000_000, "1.0 GB"), (1_500_000_000_000, "1500.0 GB"),
            (Int64.max, "9223372036.9 GB"), (-5, "-5 B"),
        ])
    func formats(count: Int64, shown: String) {
        #expect(DownloadProgress.bytes(count) == shown)
    }
}
