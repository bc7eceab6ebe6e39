import Foundation

/// An image file found under the folder, with the words its name and folders give.
struct LocalFile: Sendable {
    /// The absolute file path.
    var path: String
    /// The path below the searched folder, used as the photo's id.
    var relativePath: String
    /// The recognised format.
    var format: ImageFormat
    /// Last modification, for the newest-first feed.
    var modified: Date
    /// Folded words of the file name without its extension.
    var nameWords: [String]
    /// Folded words of the folders between the searched folder and the file.
    var folderWords: [String]
    /// What the file says about itself, when it could be read.
    var metadata: ImageMetadata?
    /// Every field a query is matched against, with its weight and folded words.
    var searchFields: [(weight: Double, words: [String])]

    init(path: String, relativePath: String, format: ImageFormat, modified: Date, metadata: ImageMetadata? = nil) {
        self.path = path
        self.relativePath = relativePath
        self.format = format
        self.modified = modified
        self.metadata = metadata
        let components = relativePath.split(separator: "/")
        nameWords = TextFolding.words(Self.stem(of: components.last ?? ""))
        folderWords = components.dropLast().flatMap { TextFolding.words(String($0)) }
        typealias Weight = MetadataMatcher.Weight
        var fields: [(weight: Double, words: [String])] = [(Weight.fileName, nameWords), (Weight.folders, folderWords)]
        if let metadata {
            let camera = [metadata.cameraMake, metadata.cameraModel].compactMap { $0 }.joined(separator: " ")
            fields += [
                (Weight.keywords, metadata.keywords.flatMap(TextFolding.words)),
                (Weight.title, TextFolding.words(metadata.title ?? "")),
                (Weight.description, TextFolding.words(metadata.description ?? "")),
                (Weight.creator, TextFolding.words(metadata.creator ?? "")),
                (Weight.camera, TextFolding.words(camera)),
            ]
        }
        searchFields = fields.filter { !$0.words.isEmpty }
    }

    /// The file's URL; made only for the files shown, since building URLs is not free.
    var url: URL { URL(fileURLWithPath: path) }

    /// When the photo was taken, or else when the file last changed: what "newest" means.
    var date: Date { metadata?.takenAt ?? modified }

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
