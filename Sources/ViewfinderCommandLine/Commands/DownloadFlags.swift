import ArgumentParser
import ProviderKit

/// The image size `--size` asks for.
enum DownloadSize: String, ExpressibleByArgument, CaseIterable, Sendable {
    case thumbnail, small, medium, large, original

    var imageSize: ImageSize {
        switch self {
        case .thumbnail: .thumbnail
        case .small: .small
        case .medium: .medium
        case .large: .large
        case .original: .original
        }
    }
}

/// `--download DIR` of `search` and `popular`; `download` names its folder with `--to`, and
/// does not offer this one.
struct DownloadDestination: ParsableArguments {
    @Option(
        name: .customLong("download"),
        help: ArgumentHelp("Also download the results into this folder (see `viewfinder download`).", valueName: "dir"))
    var directory: String?
}

/// Download options shared by `download`, `search --download` and `popular --download`.
struct DownloadFlags: ParsableArguments {
    @Option(help: "The image size to download: thumbnail, small, medium, large or original (default: the largest).")
    var size: DownloadSize?

    @Option(
        name: .customLong("parallel"), parsing: .unconditional,
        help: ArgumentHelp("Transfers at once (default: download.parallel, 8).", valueName: "n"))
    var parallelText: String?

    @Option(
        name: .customLong("per-host"), parsing: .unconditional,
        help: ArgumentHelp("Transfers at once to one host (default: download.per_host, 4).", valueName: "n"))
    var perHostText: String?

    @Option(
        help: ArgumentHelp(
            "Where each file goes below the folder (default: download.filename, {provider}/{id}-{title}.{ext}); "
                + "fields {provider} {id} {title} {author} {date} {license}.",
            valueName: "template"))
    var filename: String?

    @Flag(
        name: .customLong("no-archive"),
        help: "Download again photos the folder's archive lists whose files were moved away.")
    var noArchive = false

    @Flag(help: "Hard-link local photos into the folder instead of copying them (same file system only).")
    var link = false

    @Flag(
        inversion: .prefixedNo,
        help: "Sync each file to disk before naming it, so a power cut cannot empty it (default: download.sync, off).")
    var sync: Bool?

    /// The values given, for ``DownloadRun``.
    var choices: DownloadChoices {
        DownloadChoices(
            size: size, parallelText: parallelText, perHostText: perHostText, filename: filename,
            noArchive: noArchive, link: link, sync: sync)
    }

    func validate() throws {
        try choices.validate()
    }
}
