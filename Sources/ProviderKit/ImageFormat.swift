/// Image formats recognised by their first bytes, whatever the file is called.
package enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, tiff, webp, heic, avif, bmp
    /// A camera RAW that does not start as a TIFF does: Olympus ORF, Panasonic RW2, Fujifilm RAF,
    /// Canon CR3. (TIFF-shaped RAWs start as ``tiff``; the inspector names every RAW by content.)
    case raw
    /// Canon's CIFF raw files (`.crw`): `II`, the header's length, then `HEAPCCDR`.
    case crw

    /// How many leading bytes ``detect(_:)`` needs.
    package static let signatureLength = 16

    /// The `Content-Type` a file of this format is served with.
    package var mediaType: String {
        switch self {
        case .tiff: "image/tiff"
        // No browser shows RAW data: views use the file's previews.
        case .raw, .crw: "application/octet-stream"
        default: "image/\(rawValue)"
        }
    }

    /// The format whose signature starts `bytes`, or `nil` for anything else.
    package static func detect(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        detect(Array(bytes.prefix(signatureLength)))
    }

    /// The format whose signature starts `b`, an array as a file's first read gives
    /// them: asked for every file a walk reads, so it compares them where they are.
    package static func detect(_ b: [UInt8]) -> ImageFormat? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && b[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("II".utf8)) && starts(Array("HEAPCCDR".utf8), at: 6) { return .crw }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if RAWSignature.matches(b) { return .raw }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4), b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if ["heic", "heix", "hevc", "hevx", "mif1", "msf1"].contains(brand) { return .heic }
            if ["avif", "avis"].contains(brand) { return .avif }
        }
        if starts(Array("BM".utf8)), b.count >= 14 { return .bmp }
        return nil
    }
}
