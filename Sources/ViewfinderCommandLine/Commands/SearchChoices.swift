import ArgumentParser
import ProviderKit
import SearchViewModel
import ServiceBus

/// The options a command line gave `search`, `popular` or `download` (`--limit`, `--near`, …),
/// as plain values: what ``SearchRun`` takes, whether ArgumentParser read them
/// (``SearchOptions``) or ``SearchFastParse`` did. Building ArgumentParser's property wrappers
/// for that reader alone was 0.2 ms of a search's start.
struct SearchChoices: Equatable, Sendable {
    var providers: [String] = []
    var limitText: String?
    var timeout: String?
    var format: OutputFormat = .table
    var open = false
    var config: String?
    var folders: [String] = []
    var license: [String] = []
    var orientation: String?
    var minWidth: String?
    var minHeight: String?
    var takenAfter: String?
    var takenBefore: String?
    var near: String?
    var within: String?
    var verbose = false
    var explain = false
    var noCache = false
    var offline = false
    var download = DownloadChoices()

    /// `--limit` as a number; text, so that any wrong value gets the same message naming the range.
    var limit: Int? { limitText.flatMap { Int($0) } }

    /// Throws a usage error for options that clash or a value out of range; `--open` alone
    /// sets the format to `html`. The download options are checked by their own ``DownloadChoices/validate()``.
    mutating func validate() throws {
        if open {
            guard format == .table || format == .html else {
                throw ValidationError("Please give --open with --format html (or alone): it opens the gallery page.")
            }
            format = .html
        }
        if noCache, offline {
            throw ValidationError("Please give --no-cache or --offline, not both: offline answers come from the cache.")
        }
        try NumberOption.check(limitText, named: "--limit", in: ResultLimits.range, as: ResultLimits.description)
        if let timeout, let problem = DurationParsing.problem(with: timeout) {
            throw ValidationError("--timeout '\(timeout)' is \(problem).")
        }
        do {
            _ = try filters(over: SearchFilters())
        } catch {
            throw ValidationError("--\(error.key) '\(error.value)' is \(error.problem).")
        }
    }

    /// The filters the command line gives, each option replacing that key of `configured`.
    func filters(over configured: SearchFilters) throws(FilterValueError) -> SearchFilters {
        var filters = configured
        if !license.isEmpty {
            filters.licenses = []
            filters.licenseGroups = []
            for text in license { try filters.set(.license, from: text) }
        }
        let given: [(SearchFilters.Key, String?)] = [
            (.orientation, orientation), (.minWidth, minWidth), (.minHeight, minHeight),
        ]
        for case (let key, let text?) in given { try filters.set(key, from: text) }
        // Both dates given are cleared before either is set, so they are checked against each other.
        if takenAfter != nil { filters.takenAfter = nil }
        if takenBefore != nil { filters.takenBefore = nil }
        if let takenAfter { try filters.set(.takenAfter, from: takenAfter) }
        if let takenBefore { try filters.set(.takenBefore, from: takenBefore) }
        if let near { try filters.set(.near, from: near, places: Setup.places) }
        if let within { try filters.set(.within, from: within) }
        return filters
    }

    /// How the HTTP cache is used for this run.
    var cacheUse: Setup.CacheUse { noCache ? .bypass : offline ? .offline : .normal }

    /// The configuration's search settings with the command line's overrides; fails when an
    /// option clashes with a configured filter (taken-after not before taken-before).
    func settings(from configured: SearchSettings) throws(FilterValueError) -> SearchSettings {
        var settings = configured
        if let limit { settings.limit = limit }
        if let timeout = timeout.flatMap(DurationParsing.parse) { settings.timeout = timeout }
        // validate() checked the options alone; with the configuration's dates they can still clash.
        settings.filters = try filters(over: configured.filters)
        return settings
    }
}
