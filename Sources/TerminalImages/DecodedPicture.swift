import CImageCodecs
import Glibc

/// A decoded picture: `height` rows of `stride` bytes, 4 bytes (R, G, B, A; alpha not
/// premultiplied) a pixel, at the size the decoder chose (see ``PictureDecoder``), with the size
/// the file declares. Its pixels stay where the decoder put them, freed with it.
package final class DecodedPicture: @unchecked Sendable {
    // Sendable: nothing changes after init, and the buffer is freed only by deinit.
    private var picture: vf_picture

    init(taking picture: vf_picture) {
        self.picture = picture
    }

    /// A copy of `rgba` (`width` × `height` pixels, 4 bytes each, rows without padding), for
    /// pixels made rather than decoded; `nil` when the sizes do not match or memory is short.
    package convenience init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max),
            rgba.count == width * height * 4, let pixels = malloc(rgba.count)
        else { return nil }
        rgba.withUnsafeBytes { pixels.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        self.init(
            taking: vf_picture(
                pixels: pixels.assumingMemoryBound(to: UInt8.self), width: Int32(width), height: Int32(height),
                stride: Int32(width * 4), source_width: Int32(width), source_height: Int32(height)))
    }

    deinit { vf_picture_free(&picture) }

    package var width: Int { Int(picture.width) }
    package var height: Int { Int(picture.height) }
    package var stride: Int { Int(picture.stride) }
    /// The width the file declares (the picture may have been decoded smaller).
    package var sourceWidth: Int { Int(picture.source_width) }
    /// The height the file declares.
    package var sourceHeight: Int { Int(picture.source_height) }

    /// Calls `body` with the pixel bytes.
    package func withPixels<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(start: picture.pixels, count: stride * height))
    }
}
