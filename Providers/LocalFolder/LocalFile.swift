import Foundation

/// An image file a search returns, decoded from its index record.
struct LocalFile: Sendable {
    /// The absolute file path.
    var path: String
    /// The path below the searched folder, used as the photo's id.
    var relativePath: String
    /// The recognised format.
    var format: ImageFormat
    /// Last modification.
    var modified: Date
    /// What the file says about itself, when it could be read.
    var metadata: ImageMetadata?

    /// The file of `record` under `root`; `nil` for a record that is not an image's.
    init?(_ record: IndexRecord, root: String) {
        guard let format = record.format else { return nil }
        relativePath = record.relativePath
        path = root.hasSuffix("/") ? root + relativePath : root + "/" + relativePath
        self.format = format
        modified = record.modified
        metadata = record.metadata
    }

    /// The file's URL; made only for the files shown, since building URLs is not free.
    var url: URL { URL(fileURLWithPath: path) }

    /// "harbor-lighthouse-dusk.jpg" → "harbor-lighthouse-dusk"; a leading dot is not an extension.
    static func stem(of name: Substring) -> Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return name[..<dot]
    }

    /// "harbor-lighthouse-dusk.jpg" → "Harbor lighthouse dusk".
    var displayTitle: String {
        let stem = Self.stem(of: Substring(relativePath.split(separator: "/").last ?? ""))
        let spaced = stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).joined(separator: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}
