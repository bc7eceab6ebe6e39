/// Why a picture could not be drawn: what failed, in words for a status line or a log.
package struct TerminalImageError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Code: Sendable, Equatable {
        /// A library (chafa or a decoder) could not be loaded.
        case libraryMissing
        /// The bytes are of no format drawn here (GIF, TIFF, RAW, AVIF, or not a picture).
        case unsupportedFormat
        /// The bytes claim to be a format but are not a valid picture of it.
        case corrupt
        /// The picture declares more pixels than the limit.
        case tooLarge
        /// Memory or a thread could not be had.
        case noResources
    }

    /// What kind of failure.
    package let code: Code
    /// The details: the library's words, the size, the format.
    package let detail: String
    /// What the user can do about it, when there is something: the package a missing decoder
    /// comes in ("HEIC pictures need libheif1, which is not installed").
    package let advice: String?

    package init(_ code: Code, _ detail: String, advice: String? = nil) {
        self.code = code
        self.detail = detail
        self.advice = advice
    }

    package var description: String {
        switch code {
        case .libraryMissing: "cannot load \(detail)"
        case .unsupportedFormat: "cannot draw \(detail) pictures"
        case .corrupt: "not a valid picture: \(detail)"
        case .tooLarge: "picture too large to draw: \(detail)"
        case .noResources: "cannot draw the picture: \(detail)"
        }
    }
}
