import Foundation

/// An image file found under the folder, with the words its name and folders give.
struct LocalFile: Sendable {
    /// The absolute file URL.
    var url: URL
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

    init(url: URL, relativePath: String, format: ImageFormat, modified: Date) {
        self.url = url
        self.relativePath = relativePath
        self.format = format
        self.modified = modified
        let components = relativePath.split(separator: "/")
        let stem = (String(components.last ?? "") as NSString).deletingPathExtension
        nameWords = TextFolding.words(stem)
        folderWords = components.dropLast().flatMap { TextFolding.words(String($0)) }
    }

    /// "harbor-lighthouse-dusk.jpg" → "Harbor lighthouse dusk".
    var displayTitle: String {
        let stem = (url.lastPathComponent as NSString).deletingPathExtension
        let spaced = stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).joined(separator: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}
