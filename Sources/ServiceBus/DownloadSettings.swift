import Foundation

/// The `download:` section: how `viewfinder download` (and `--download`) keeps results on disk.
package struct DownloadSettings: Sendable, Equatable {
    /// The fields a ``filename`` template may use, each written `{name}`.
    package static let filenameFields = ["provider", "id", "title", "author", "date", "license"]
    /// The default template: one folder per provider.
    package static let defaultFilename = "{provider}/{id}-{title}.{ext}"
    /// Accepted `parallel` and `per_host` counts.
    package static let transferRange = 1...64
    /// What a valid transfer count looks like, for error messages.
    package static let transferDescription = "a whole number from 1 to 64"

    /// Transfers at once, over every host (`download.parallel`).
    package var parallel: Int
    /// Transfers at once to one host (`download.per_host`).
    package var perHost: Int
    /// Where each file goes below the target folder (`download.filename`); `{ext}` is the
    /// file type's extension.
    package var filename: String
    /// Whether each file is synced to disk before it gets its name (`download.sync`): then a
    /// power cut cannot leave an emptied file under a final name. Off by default, as in curl,
    /// wget and rsync: a sync waits for the disk, and a file a power cut left short is noticed
    /// (by its length in the archive) and downloaded again by the next run.
    package var sync: Bool
    /// Where `browse` downloads to (`download.folder`): an absolute path, `~/` expanded; nil for
    /// the default, the pictures folder's `Viewfinder`.
    package var folder: String?

    /// Defaults: 8 transfers, 4 per host, `{provider}/{id}-{title}.{ext}`, no sync.
    package init(
        parallel: Int = 8, perHost: Int = 4, filename: String = DownloadSettings.defaultFilename, sync: Bool = false
    ) {
        self.parallel = parallel
        self.perHost = perHost
        self.filename = filename
        self.sync = sync
        folder = nil
    }

    /// What is wrong with `template`, or `nil`: an unknown `{field}`, an unclosed brace, no
    /// text, or a `.` or `..` part (which would become a folder named `_`).
    package static func problem(withFilename template: String) -> String? {
        if template.trimmingCharacters(in: .whitespaces).isEmpty { return "empty" }
        if template.hasPrefix("/") { return "an absolute path; it must stay inside the target folder" }
        let dots = template.split(separator: "/").first { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && trimmed.allSatisfy { $0 == "." }
        }
        if let dots {
            return "using `\(dots)` as a folder; every part between `/` must name a folder below the target "
                + "or the file, as in `{provider}/{title}.{ext}`"
        }
        if template.contains("{ext}"), !template.hasSuffix(".{ext}") || template.dropLast(6).contains("{ext}") {
            return "using `{ext}` other than at its end, as `.{ext}`"
        }
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return "an unclosed `{`" }
            let name = String(rest[rest.index(after: open)..<close])
            if name != "ext" && !filenameFields.contains(name) {
                let hint = NameSuggestion.hint(for: name, in: filenameFields + ["ext"])
                return "an unknown field `{\(name)}`\(hint) Fields: \((filenameFields + ["ext"]).quotedList)."
            }
            rest = rest[rest.index(after: close)...]
        }
        return nil
    }
}
