import Foundation
import ProviderKit
import ServiceBus

/// Where one photo goes below the target folder, from `download.filename`: each `{field}` is
/// replaced by the photo's value made safe (``SafeName``), so no value adds a folder or leaves
/// the target; the file type's extension is added once it is known.
package struct FileNameTemplate: Sendable {
    /// One planned name: folders below the target and the file's stem (name without extension).
    package struct Name: Sendable, Hashable {
        package var folders: [String]
        package var stem: String

        /// The relative path of the folder, `""` for the target itself.
        package var folderPath: String { folders.joinedText(separator: "/") }

        /// The relative path of the file with `fileExtension` (none when empty), added only when
        /// the stem does not end in it already (`{title}.jpg`, or a title `x.jpg`, gives `x.jpg`,
        /// not `x.jpg.jpg`; `.jpeg` counts as `.jpg`).
        package func file(_ fileExtension: String) -> String {
            let name =
                fileExtension.isEmpty || ImageType.ends(stem, in: fileExtension) ? stem : stem + "." + fileExtension
            return folders.isEmpty ? name : folderPath + "/" + name
        }

        /// The key two names must not share (case-insensitive file systems): without an image
        /// extension the stem ends in, so `x` and `x.jpg` (which both may become `x.jpg`) share one.
        package var key: String {
            let stem = ImageType.splitExtension(stem).base
            return (folders + [stem]).joinedText(separator: "/").lowercased()
        }

        /// This name with `-N` before the extension (one the stem ends in too), to tell it from an
        /// earlier one: `x-2`, and `x-2.jpg` for a stem `x.jpg`.
        package func numbered(_ number: Int) -> Name {
            let suffix = "-\(number)"
            let (base, stated) = ImageType.splitExtension(stem)
            let room = FileNameTemplate.stemBytes - suffix.utf8.count - stated.utf8.count
            return Name(folders: folders, stem: SafeName.truncated(base, toBytes: room) + suffix + stated)
        }
    }

    /// Room left in a stem for `.` and the longest extension (`.jpeg`, `.tiff`) and the
    /// sidecar's `.xmp` after it (`x.jpeg.xmp`).
    static let stemBytes = SafeName.maximumBytes - 10

    /// A piece of one path component: text as written, or a `{field}` to fill in.
    private enum Piece: Sendable {
        case text(String)
        case field(String)
    }

    /// The path components, each read into its pieces once, not again for every photo.
    private let components: [[Piece]]

    /// A template already checked by ``DownloadSettings/problem(withFilename:)``.
    package init(_ template: String) {
        var text = template
        if text.hasSuffix(".{ext}") { text.removeLast(".{ext}".count) }
        text = text.replacingOccurrences(of: "{ext}", with: "")
        components = text.split(separator: "/", omittingEmptySubsequences: true).map { component in
            var pieces: [Piece] = []
            var rest = component
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
                pieces.append(.field(String(rest[rest.index(after: open)..<close])))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { pieces.append(.text(String(rest))) }
            return pieces
        }
    }

    /// The name for `photo`.
    package func name(for photo: Photo) -> Name {
        func value(_ field: String) -> String {
            switch field {
            case "provider": photo.provider
            case "id": Self.id(of: photo)
            case "title": nonEmpty(photo.title) ?? "untitled"
            case "author": nonEmpty(photo.author) ?? "unknown"
            case "date": photo.takenAt?.day ?? "undated"  // the day as the source recorded it
            case "license": photo.license?.id ?? "unknown-license"
            default: ""
            }
        }
        var parts = components.map { pieces -> String in
            var result = ""
            for piece in pieces {
                switch piece {
                case .text(let text): result += text
                // Each value is made safe alone, so `/` in a title never splits the path.
                case .field(let field): result += SafeName.make(value(field), limit: 4 * SafeName.maximumBytes)
                }
            }
            return result
        }
        if parts.isEmpty { parts = [photo.id] }
        let stem = SafeName.make(parts.removeLast(), limit: Self.stemBytes)
        var folders = parts.map { SafeName.make($0) }
        // A folder named like the run's own files (a photo titled "CREDITS.md") would block them for good.
        if let first = folders.first, Self.reservedNames.contains(first.lowercased()) { folders[0] = "_" + first }
        return Name(folders: folders, stem: stem)
    }

    /// The names of the files a run keeps in the target folder, lower-cased.
    static let reservedNames: Set<String> = Set(
        ([CreditsFile.fileName] + ["", "-wal", "-shm", "-journal"].map { DownloadArchive.fileName + $0 })
            .map { $0.lowercased() })

    /// A local photo's id is its path in its folder: without the file's extension, so a name
    /// does not read `boats.jpg-Boats.jpg`.
    private static func id(of photo: Photo) -> String {
        guard photo.filePath != nil, let dot = photo.id.lastIndex(of: "."),
            !photo.id[dot...].contains("/"), dot != photo.id.startIndex
        else { return photo.id }
        return String(photo.id[..<dot])
    }

    private func nonEmpty(_ text: String?) -> String? {
        // Blank as Foundation's `whitespacesAndNewlines` has it: Unicode's white space and U+200B.
        guard let text, text.unicodeScalars.contains(where: { !$0.properties.isWhitespace && $0 != "\u{200B}" })
        else { return nil }
        return text
    }
}
