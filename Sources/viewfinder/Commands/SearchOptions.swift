import ArgumentParser
import SearchViewModel
import ServiceBus

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case table, json, ndjson
}

/// Options shared by `search` and `popular`.
struct SearchOptions: ParsableArguments {
    @Option(name: .customLong("provider"), help: "Only use this provider instance (repeatable).")
    var providers: [String] = []

    @Option(help: "How many results to show (default: search.limit in the configuration, 30).")
    var limit: Int?

    @Option(help: "Deadline for the whole search, e.g. 250ms, 10s, 2m (default: search.timeout, 10s).")
    var timeout: String?

    @Option(help: "Output format: table, json or ndjson.")
    var format: OutputFormat = .table

    @Option(
        help: "The configuration file (default: $VIEWFINDER_CONFIG, ./config.yaml, ~/.config/viewfinder/config.yaml).")
    var config: String?

    @Flag(name: .shortAndLong, help: "Log what each provider does on standard error.")
    var verbose = false

    @Flag(
        name: .customLong("no-cache"),
        help: ArgumentHelp(
            "Bypass the HTTP cache ($XDG_CACHE_HOME/viewfinder/http, else ~/.cache/viewfinder/http): every API "
                + "call goes to the network, and no answer is stored."))
    var noCache = false

    @Flag(
        help: ArgumentHelp(
            "Answer API calls only from the HTTP cache, fresh or stale, never the network; providers with "
                + "nothing cached for this search fail at once and say so (exec plugins run as usual)."))
    var offline = false

    mutating func validate() throws {
        if noCache, offline {
            throw ValidationError("Please give --no-cache or --offline, not both: offline answers come from the cache.")
        }
        if let limit, !ResultLimits.range.contains(limit) {
            throw ValidationError("Please give --limit as \(ResultLimits.description).")
        }
        if let timeout, DurationParsing.parse(timeout) == nil {
            throw ValidationError("Please give --timeout as \(DurationParsing.examples).")
        }
    }

    /// How the HTTP cache is used for this run.
    var cacheUse: Setup.CacheUse { noCache ? .bypass : offline ? .offline : .normal }

    /// The configuration's search settings with the command line's overrides.
    func settings(from configured: SearchSettings) -> SearchSettings {
        var settings = configured
        if let limit { settings.limit = limit }
        if let timeout = timeout.flatMap(DurationParsing.parse) { settings.timeout = timeout }
        return settings
    }
}
