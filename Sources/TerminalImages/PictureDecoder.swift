import CImageCodecs
import ProviderKit

/// Turns an encoded picture (JPEG, PNG, WebP, HEIC/HEIF, and AVIF where libheif has an AV1
/// decoder) into pixels with the system's libraries, no larger than needed for the box it will be
/// drawn in. Blocking work: callers run it on ``BlockingExecutor``.
package enum PictureDecoder {
    /// The most pixels a file may declare (100 megapixels): more is refused before any pixel is
    /// decoded, so a small hostile file cannot make a decoder allocate gigabytes.
    package static let defaultPixelLimit = 100_000_000

    /// The Debian package each format's decoder comes in: loaded only when needed, so a
    /// system may lack one (the package only suggests libheif1, whose Debian 12 build links
    /// the GPL x265 encoder).
    static let decoderPackages: [ImageFormat: String] = [
        .jpeg: "libturbojpeg0", .png: "libpng16-16", .webp: "libwebp7", .heic: "libheif1", .avif: "libheif1",
    ]

    /// "HEIC pictures need libheif1, which is not installed (apt install libheif1)".
    static func missingLibraryAdvice(for format: ImageFormat) -> String? {
        decoderPackages[format].map {
            "\(format.rawValue.uppercased()) pictures need \($0), which is not installed (apt install \($0))"
        }
    }

    /// The formats ``decode(_:fittingInto:pixelLimit:)`` reads.
    package static let formats: Set<ImageFormat> = [.jpeg, .png, .webp, .heic, .avif]

    /// Decodes `bytes` to at least the size of their fit (aspect kept) into `box` pixels, as
    /// small as the format allows cheaply; `nil` box: full size. `orientation` is the EXIF
    /// orientation (1–8) of the photo the bytes show (an embedded thumbnail or a RAW's preview is
    /// stored as the photo's sensor rows are): the pixels are turned to match, after the scaled
    /// decode. HEIF and AVIF carry their own rotation and mirroring (irot, imir), which their
    /// decoder applies, so it is not applied to them a second time.
    package static func decode(
        _ bytes: [UInt8], fittingInto box: (width: Int, height: Int)? = nil, orientation: Int = 1,
        pixelLimit: Int = defaultPixelLimit
    ) throws(TerminalImageError) -> DecodedPicture {
        guard let format = ImageFormat.detect(bytes.prefix(ImageFormat.signatureLength)) else {
            throw TerminalImageError(.unsupportedFormat, "unrecognised")
        }
        let decode:
            (
                UnsafePointer<UInt8>?, Int, vf_decode_request, UnsafeMutablePointer<vf_picture>?,
                UnsafeMutablePointer<CChar>?, Int
            ) -> vf_decode_status
        switch format {
        case .jpeg: decode = vf_decode_jpeg
        case .png: decode = vf_decode_png
        case .webp: decode = vf_decode_webp
        case .heic, .avif: decode = vf_decode_heif
        default: throw TerminalImageError(.unsupportedFormat, format.rawValue.uppercased())
        }
        let turn = format == .heic || format == .avif || !(2...8).contains(orientation) ? 1 : orientation
        // A picture turned a quarter is decoded to fit the box with its sides swapped.
        let wanted = turn >= 5 ? box.map { (width: $0.height, height: $0.width) } : box
        let request = vf_decode_request(
            wanted_width: Int32(clamping: wanted?.width ?? 0), wanted_height: Int32(clamping: wanted?.height ?? 0),
            max_pixels: Int64(pixelLimit))
        var picture = vf_picture()
        var message = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                decode(input.baseAddress, input.count, request, &picture, text.baseAddress, text.count)
            }
        }
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case VF_DECODE_OK:
            guard vf_picture_orient(&picture, Int32(turn)) == 1 else {
                vf_picture_free(&picture)
                throw TerminalImageError(.noResources, "no memory to turn \(picture.width)×\(picture.height) pixels")
            }
            return DecodedPicture(taking: picture)
        case VF_DECODE_NO_LIBRARY:
            throw TerminalImageError(.libraryMissing, detail, advice: missingLibraryAdvice(for: format))
        case VF_DECODE_TOO_LARGE: throw TerminalImageError(.tooLarge, detail)
        case VF_DECODE_NO_MEMORY: throw TerminalImageError(.noResources, detail)
        default: throw TerminalImageError(.corrupt, "\(format.rawValue.uppercased()): \(detail)")
        }
    }
}
