import ArgumentParser

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case table, json, ndjson, html
}

/// Options shared by `search` and `popular`.
struct SearchOptions: ParsableArguments {
    @Option(name: .customLong("provider"), help: "Only use this provider instance (repeatable).")
    var providers: [String] = []

    // `.unconditional` on options taking numbers and durations: `--limit -1` or `--timeout -1s` is a
    // value to check, not a missing value before an option.
    @Option(
        name: .customLong("limit"), parsing: .unconditional,
        help: ArgumentHelp("How many results to show (default: search.limit in the configuration, 30).", valueName: "n")
    )
    var limitText: String?

    @Option(
        parsing: .unconditional,
        help: "Deadline for the whole search, e.g. 250ms, 10s, 2m (default: search.timeout, 10s).")
    var timeout: String?

    @Option(help: "Output format: table, json, ndjson or html (one self-contained gallery page).")
    var format: OutputFormat = .table

    @Flag(
        help: ArgumentHelp(
            "Write the gallery page to the cache folder ($XDG_CACHE_HOME/viewfinder/pages) and open it with "
                + "xdg-open (implies --format html)."))
    var open = false

    @Option(
        help: "The configuration file (default: $VIEWFINDER_CONFIG, ./config.yaml, ~/.config/viewfinder/config.yaml).")
    var config: String?

    @Option(
        name: .customLong("folder"),
        help: ArgumentHelp(
            "Also search this folder of photos, beside the configured providers (repeatable).", valueName: "path"))
    var folders: [String] = []

    @Option(
        help: ArgumentHelp(
            "Only photos under these licences: ids (CC0-1.0, CC-BY-4.0, PDM-1.0, …) and the groups commercial, "
                + "modify, no-attribution (all groups given must hold); comma-separated or repeated.",
            valueName: "id,..."))
    var license: [String] = []

    @Option(help: "Only photos of this shape: landscape, portrait or square.")
    var orientation: String?

    @Option(
        name: .customLong("min-width"), parsing: .unconditional,
        help: ArgumentHelp("Only photos at least this many pixels wide.", valueName: "n"))
    var minWidth: String?

    @Option(
        name: .customLong("min-height"), parsing: .unconditional,
        help: ArgumentHelp("Only photos at least this many pixels high.", valueName: "n"))
    var minHeight: String?

    @Option(
        name: .customLong("taken-after"),
        help: ArgumentHelp(
            "Only photos taken at or after this ISO date: YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS (a photo's local time "
                + "where it has no offset), or with a zone.",
            valueName: "date"))
    var takenAfter: String?

    @Option(
        name: .customLong("taken-before"),
        help: ArgumentHelp("Only photos taken before this ISO date (as --taken-after).", valueName: "date"))
    var takenBefore: String?

    // Unconditional: a southern or western position starts with a minus (`--near -33.87,151.21`),
    // which would otherwise be read as an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Only photos taken near this place: a city, region or country name (the most populous match when "
                + "several have it), or LAT,LON in decimal degrees (-33.87,151.21 for Sydney).",
            valueName: "place"))
    var near: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "How far from --near a photo may be: 25km (the default), 500m, 10mi.", valueName: "distance"))
    var within: String?

    @Flag(name: .shortAndLong, help: "Log what each provider does on standard error.")
    var verbose = false

    @Flag(
        help: ArgumentHelp(
            "Show why each result ranks where it does: per provider that returned it, its rank there, its weight "
                + "and the term weight / (60 + rank) it adds to the score (a Why column; \"explanation\" in JSON)."))
    var explain = false

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

    @OptionGroup(title: "Download") var download: DownloadFlags

    /// The values given, for ``SearchRun``.
    var choices: SearchChoices {
        SearchChoices(
            providers: providers, limitText: limitText, timeout: timeout, format: format, open: open, config: config,
            folders: folders, license: license, orientation: orientation, minWidth: minWidth, minHeight: minHeight,
            takenAfter: takenAfter, takenBefore: takenBefore, near: near, within: within, verbose: verbose,
            explain: explain, noCache: noCache, offline: offline, download: download.choices)
    }

    /// The checks of ``SearchChoices/validate()``; `--open` alone also sets the format.
    mutating func validate() throws {
        var choices = self.choices
        try choices.validate()
        format = choices.format
    }
}
