import Foundation
import ProviderKit

/// An image file a search returns, decoded from its index record.
struct LocalFile: Sendable {
    /// The absolute file path, as shown: bytes that are not UTF-8 become U+FFFD.
    var path: String
    /// The absolute file path's real bytes, for its `file://` URL.
    var pathBytes: [UInt8]
    /// The path below the searched folder, as shown (bytes that are not UTF-8 become U+FFFD).
    var relativePath: String
    /// The photo's id: the path below the searched folder, and for a name that is not UTF-8,
    /// its bytes that are not written `%XX` (and `%` as `%25`), so two names that differ only
    /// there (`caf\xE9.jpg`, `caf\xE8.jpg`) are two photos, not one shown twice as `caf�.jpg`.
    var id: String
    /// The recognised format.
    var format: ImageFormat
    /// Last modification.
    var modified: Date
    /// What the file says about itself, when it could be read.
    var metadata: ImageMetadata?
    /// The absolute paths' bytes of the camera RAWs beside this JPEG (``RAWPairs``): one photo.
    var companions: [[UInt8]] = []

    /// The file of `record` under `root`; `nil` for a record that is not an image's.
    init?(_ record: IndexRecord, root: String) {
        guard let format = record.format else { return nil }
        relativePath = record.relativePath
        id = Self.identifier(of: record.path)
        path = root.hasSuffix("/") ? root + relativePath : root + "/" + relativePath
        pathBytes = Self.absolute(record.path, root: root)
        self.format = format
        modified = record.modified
        metadata = record.metadata
    }

    /// The bytes of the absolute path of `relative` below `root`.
    static func absolute(_ relative: some Collection<UInt8>, root: String) -> [UInt8] {
        Array((root.hasSuffix("/") ? root : root + "/").utf8) + relative
    }

    /// The file's URL, its real bytes percent-encoded; made only for the files shown, since
    /// building URLs is not free.
    var url: URL { Self.fileURL(pathBytes) }

    /// The URLs of the RAWs listed with this photo.
    var companionURLs: [URL] { companions.map(Self.fileURL) }

    /// The `file:` URL of the absolute path `bytes`, every byte kept.
    static func fileURL(_ bytes: [UInt8]) -> URL {
        let shown = String(decoding: bytes, as: UTF8.self)
        // A file, said so: without `isDirectory`, Foundation asks the file system (a stat per photo).
        guard String(validating: bytes, as: UTF8.self) == nil else {
            return URL(fileURLWithPath: shown, isDirectory: false)
        }
        return URL(string: "file://" + percentEncoded(bytes)) ?? URL(fileURLWithPath: shown, isDirectory: false)
    }

    /// `bytes` with every byte but letters, digits, `-._~` and `/` written as `%XX`.
    static func percentEncoded(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.append(byte)
            default:
                escape(byte, into: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `bytes` as text when they are UTF-8; otherwise each byte of a sequence that is not UTF-8
    /// as `%XX`, and `%` as `%25` so an escape cannot be confused with a name's own text.
    static func identifier<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> String where Bytes.Index == Int {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var position = 0
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == UInt8(ascii: "%") {
                    escape(UInt8(ascii: "%"), into: &output)
                } else {
                    output += encoded
                }
                position += encoded.count
            case .error(let length):
                for byte in bytes[(bytes.startIndex + position)..<(bytes.startIndex + position + length)] {
                    escape(byte, into: &output)
                }
                position += length
            case .emptyInput:
                return String(decoding: output, as: UTF8.self)
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Appends `byte` written as `%XX`.
    private static func escape(_ byte: UInt8, into output: inout [UInt8]) {
        output += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
    }

    /// "harbor-lighthouse-dusk.jpg" → "harbor-lighthouse-dusk"; a leading dot is not an extension.
    static func stem(of name: Substring) -> Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return name[..<dot]
    }

    /// "harbor-lighthouse-dusk.jpg" → "Harbor lighthouse dusk".
    var displayTitle: String {
        let stem = Self.stem(of: Substring(relativePath.split(separator: "/").last ?? ""))
        let spaced = stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).joinedText(separator: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}
