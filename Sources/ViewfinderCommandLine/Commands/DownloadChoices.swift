import ArgumentParser
import ServiceBus

/// The download options a command line gave (`--size`, `--parallel`, …), as plain values: what
/// ``DownloadRun`` takes, whether ArgumentParser read them (``DownloadFlags``) or
/// ``SearchFastParse`` did. Building ArgumentParser's property wrappers for that reader alone
/// was 0.2 ms of a search's start.
struct DownloadChoices: Equatable, Sendable {
    var size: DownloadSize?
    var parallelText: String?
    var perHostText: String?
    var filename: String?
    var noArchive = false
    var link = false
    var sync: Bool?

    // Numbers given as text, so that any wrong value gets the same message naming the range.
    var parallel: Int? { parallelText.flatMap { Int($0) } }
    var perHost: Int? { perHostText.flatMap { Int($0) } }

    /// Throws a usage error naming the option whose value is out of range or not allowed.
    func validate() throws {
        for (name, text) in [("--parallel", parallelText), ("--per-host", perHostText)] {
            try NumberOption.check(
                text, named: name, in: DownloadSettings.transferRange, as: DownloadSettings.transferDescription)
        }
        if let filename, let problem = DownloadSettings.problem(withFilename: filename) {
            throw ValidationError("--filename '\(filename)' is \(problem)")
        }
    }

    /// The configuration's `download:` settings with the command line's overrides.
    func settings(from configured: DownloadSettings) -> DownloadSettings {
        var settings = configured
        if let parallel { settings.parallel = parallel }
        if let perHost { settings.perHost = perHost }
        if let filename { settings.filename = filename }
        if let sync { settings.sync = sync }
        return settings
    }
}
