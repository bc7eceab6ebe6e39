import Foundation
import ProviderKit

/// Reads what an image file says about itself: format, size, date, camera, place, words.
package enum ImageInspector {
    /// The metadata of the image at `url`; throws for files that are not images or cannot be read.
    package static func inspect(_ url: URL) throws(ImageMetadataError) -> ImageMetadata {
        try inspect(try FileBytes(path: url.path))
    }

    /// ``inspect(_:)`` on ``BlockingExecutor``, for async callers: a read that blocks never holds
    /// a thread of Swift's cooperative pool, and a cancelled caller returns at once.
    package static func inspectOffPool(_ url: URL) async throws -> ImageMetadata {
        try await BlockingExecutor.shared.run { _ in try inspect(url) }
    }

    /// ``inspectOffPool(_:)`` for a path given as its bytes, which need not be UTF-8.
    package static func inspectOffPool(path: FileSystemPath) async throws -> ImageMetadata {
        try await BlockingExecutor.shared.run { _ throws(ImageMetadataError) in try inspect(path: path) }
    }

    /// ``inspect(_:)`` for a path given as its bytes; blocking (callers are on ``BlockingExecutor``).
    package static func inspect(path: FileSystemPath) throws(ImageMetadataError) -> ImageMetadata {
        try inspect(try FileBytes(path: path))
    }

    /// The metadata of an image already in memory.
    static func inspect(bytes: [UInt8]) throws(ImageMetadataError) -> ImageMetadata {
        try inspect(FileBytes(bytes: bytes))
    }

    private static func inspect(_ file: FileBytes) throws(ImageMetadataError) -> ImageMetadata {
        guard let format = ImageFormat.detect(try file.read(0, ImageFormat.signatureLength)) else {
            throw ImageMetadataError(
                message: file.size == 0 ? "the file is empty" : "not an image file Viewfinder recognises")
        }
        return try read(file, format: format)
    }

    /// More keywords than this are dropped: no photo needs them, and the index keeps no more.
    static let maximumKeywords = 1_000

    /// What the folder walk needs to know about one file.
    enum Outcome {
        /// Not an image (or empty).
        case notImage
        /// An image; its metadata, or why it could not be read.
        case image(ImageFormat, modified: Date, Result<ImageMetadata, ImageMetadataError>)
    }

    /// Opens the file once: recognises it, then reads its metadata.
    static func examine(path: String) throws(ImageMetadataError) -> Outcome {
        try examine(try FileBytes(path: path))
    }

    /// Recognises the file open in `file`, then reads its metadata.
    static func examine(_ file: FileBytes) throws(ImageMetadataError) -> Outcome {
        guard let format = ImageFormat.detect(try file.read(0, ImageFormat.signatureLength)) else { return .notImage }
        let result = Result { () throws(ImageMetadataError) in try read(file, format: format) }
        // A TIFF-shaped RAW (DNG, NEF, …) is listed as the RAW it is.
        let isRAW = format == .tiff && (try? result.get().format).map { $0 != "tiff" } == true
        return .image(isRAW ? .raw : format, modified: file.modified, result)
    }

    private static func read(_ file: FileBytes, format: ImageFormat) throws(ImageMetadataError) -> ImageMetadata {
        var metadata = ImageMetadata(format: format.rawValue)
        switch format {
        case .jpeg: try JPEGReader.read(file, into: &metadata)
        case .png: try PNGReader.read(file, into: &metadata)
        case .gif: try GIFReader.read(file, into: &metadata)
        case .tiff: try RAWReader.readTIFFShaped(file, into: &metadata)
        case .raw: try RAWReader.read(file, into: &metadata)
        case .webp: try WebPReader.read(file, into: &metadata)
        case .heic, .avif: try HEIFReader.read(file, into: &metadata)
        case .crw: try CIFFReader.read(file, into: &metadata)
        case .bmp:
            let header = ByteReader(try file.read(0, 26), endian: .little)
            metadata.width = try header.u32(18)
            metadata.height = abs(Int(Int32(truncatingIfNeeded: try header.u32(22))))
        }
        // Rotated a quarter turn when displayed. HEIF sizes are already turned by `irot`, which
        // takes the place of the EXIF orientation there.
        if let orientation = metadata.orientation, (5...8).contains(orientation), format != .heic, format != .avif {
            swap(&metadata.width, &metadata.height)
        }
        metadata.keywords = distinct(metadata.keywords)
        return metadata
    }

    /// `keywords` without repeats (letter case aside), the first of each kept, at most
    /// ``maximumKeywords``. A photo's few ASCII keywords are compared with each other in place;
    /// lower-cased copies in a set cost every file read a string per keyword.
    static func distinct(_ keywords: [String]) -> [String] {
        if keywords.count <= 32, keywords.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
            var kept: [String] = []
            for keyword in keywords where !kept.contains(where: { sameASCIIIgnoringCase($0, keyword) }) {
                kept.append(keyword)
            }
            return kept
        }
        var seen = Set<String>()
        var kept: [String] = []
        for keyword in keywords where kept.count < maximumKeywords {
            if seen.insert(keyword.lowercased()).inserted { kept.append(keyword) }
        }
        return kept
    }

    /// Whether ASCII `a` and `b` are the same but for letter case.
    private static func sameASCIIIgnoringCase(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count
            && zip(a.utf8, b.utf8).allSatisfy { x, y in
                x == y || (x | 0x20 == y | 0x20 && (x | 0x20) &- UInt8(ascii: "a") < 26)
            }
    }
}
