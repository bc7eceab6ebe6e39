/// A file's metadata could not be read (``FileBytes`` and the local folders' readers).
package struct ImageMetadataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the file.
    package let message: String

    package var description: String { message }

    package init(message: String) {
        self.message = message
    }

    /// A length or offset that leads outside what holds it.
    package static let pastEnd = ImageMetadataError(message: "a length or offset points past the end of its segment")
}
