import Foundation
import ProviderKit
import ServiceBus

/// What a download run does: where files go, how many transfers run at once, which size.
package struct DownloadOptions: Sendable {
    /// The target folder (created when missing).
    package var directory: URL
    /// Transfer counts and the file-name template.
    package var settings: DownloadSettings
    /// The image size wanted; `nil` for the largest offered.
    package var size: ImageSize?
    /// Whether the archive decides what is already there (`--no-archive` turns it off: then a
    /// photo is downloaded again unless the file the archive names is still in place).
    package var useArchive: Bool
    /// Whether local photos are hard-linked instead of copied.
    package var link: Bool
    /// The longest one transfer may take; one that times out is not tried again.
    package var transferTimeout: Duration
    /// How long a transfer may receive less than a byte a second before it fails (a stalled or
    /// trickling server would otherwise hold its slot for the whole ``transferTimeout``); whole
    /// seconds, as libcurl's low-speed limit takes them.
    package var stallTimeout: Duration
    /// The largest file accepted.
    package var maxFileBytes: Int
    /// How often one photo may meet a paused host (429/503) before it counts as failed.
    package var maxPauses: Int
    /// The pause after a 429 or 503 without a usable `Retry-After`.
    package var defaultPause: Duration
    /// The longest pause honoured; a longer `Retry-After` fails the photo instead.
    package var maxPause: Duration
    /// Hides secrets in what is written to disk (file names, sidecars, archive, credits) and in
    /// failure reasons: what it is set to (the configured keys), then always the values of
    /// secret-named query parameters (`key=…`) and the user info of URLs (`user:password@`).
    package var redact: @Sendable (String) -> String {
        get {
            let configured = hideConfigured
            return { Redaction.redactUserInfo(in: Redaction.redactQueryParameters(in: configured($0))) }
        }
        set { hideConfigured = newValue }
    }
    private var hideConfigured: @Sendable (String) -> String
    /// Whether temporary files are unnamed (`O_TMPFILE`) where the file system allows; tests
    /// turn it off to run the named files of file systems without them.
    package var unnamedTemporaryFiles = true

    /// Options with the defaults: the largest size, the archive on, copies, 5 minutes and
    /// 1 GiB per file, 30 s without a byte, 5 pauses of 5 s (at most 5 minutes each).
    package init(
        directory: URL, settings: DownloadSettings = DownloadSettings(), size: ImageSize? = nil,
        useArchive: Bool = true, link: Bool = false, transferTimeout: Duration = .seconds(300),
        stallTimeout: Duration = .seconds(30), maxFileBytes: Int = 1 << 30, maxPauses: Int = 5,
        defaultPause: Duration = .seconds(5),
        maxPause: Duration = .seconds(300),
        redact: @escaping @Sendable (String) -> String = { $0 }
    ) {
        self.directory = directory
        self.settings = settings
        self.size = size
        self.useArchive = useArchive
        self.link = link
        self.transferTimeout = transferTimeout
        self.stallTimeout = stallTimeout
        self.maxFileBytes = maxFileBytes
        self.maxPauses = maxPauses
        self.defaultPause = defaultPause
        self.maxPause = maxPause
        self.hideConfigured = redact
    }
}

/// What happened to one photo.
package struct DownloadOutcome: Sendable, Equatable {
    /// The result kinds.
    package enum Result: Sendable, Equatable {
        /// Written to `file` (relative to the target folder), `bytes` long.
        case downloaded(file: String, bytes: Int64)
        /// Already there (the archive has it, or an identical file holds its name).
        case alreadyHad(file: String)
        /// Not downloaded, and why.
        case failed(reason: String)
    }

    /// The provider instance that found the photo.
    package var provider: String
    /// The provider's id for it.
    package var id: String
    /// What happened.
    package var result: Result

    /// Creates an outcome.
    package init(provider: String, id: String, result: Result) {
        self.provider = provider
        self.id = id
        self.result = result
    }
}

/// Progress of a run, for a display; sent from any thread, so handlers must be quick.
package enum DownloadEvent: Sendable {
    /// How many transfers the run will make (the rest were already there or cannot be fetched).
    case planned(transfers: Int)
    /// A transfer began writing `name` (relative path, extension not yet known).
    case started(index: Int, name: String)
    /// Bytes received so far by transfer `index`, and the length announced, if any.
    case progress(index: Int, received: Int64, expected: Int64?)
    /// Photo `index` is done, one way or another.
    case finished(index: Int, outcome: DownloadOutcome)
}

/// A run stopped before its end (Ctrl-C): what happened to each photo that was done by then,
/// so a summary can still say what was downloaded, already there, and failed.
package struct DownloadStopped: Error, Sendable {
    /// The outcomes of the photos done when the run stopped, in the results' order.
    package var finished: [DownloadOutcome]
    /// How many photos were not done.
    package var unfinished: Int

    /// Creates the record of a stopped run.
    package init(finished: [DownloadOutcome], unfinished: Int) {
        self.finished = finished
        self.unfinished = unfinished
    }
}
