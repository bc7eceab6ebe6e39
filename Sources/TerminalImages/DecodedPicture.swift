import CImageCodecs

/// A decoded picture: `height` rows of `stride` bytes, 4 bytes (R, G, B, A; alpha not
/// premultiplied) a pixel, at the size the decoder chose (see ``PictureDecoder``), with the size
/// the file declares. Its pixels stay where the decoder put them, freed with it.
package final class DecodedPicture: @unchecked Sendable {
    // Sendable: nothing changes after init, and the buffer is freed only by deinit.
    private var picture: vf_picture

    init(taking picture: vf_picture) {
        self.picture = picture
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
