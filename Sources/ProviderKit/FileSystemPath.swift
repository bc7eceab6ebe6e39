import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path as the file system holds it: bytes, which need not be UTF-8 (an archive copied from
/// Latin-1, say). A `String` path would turn such bytes into U+FFFD and name a file that does
/// not exist, so everything that opens a photo's file goes through this.
package struct FileSystemPath: Hashable, Sendable {
    /// The path's bytes, without a terminating NUL.
    package let bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The path of a `file:` URL, its percent-escapes decoded to the bytes they stand for;
    /// `nil` for other URLs and for a path holding a NUL.
    package init?(fileURL url: URL) {
        guard url.isFileURL else { return nil }
        let encoded = url.standardized.path(percentEncoded: true)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.utf8.count)
        var input = encoded.utf8.makeIterator()
        while let byte = input.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = input.next().flatMap(Self.hexValue), let low = input.next().flatMap(Self.hexValue) else {
                return nil  // a `%` that escapes nothing: not a path Viewfinder made
            }
            bytes.append(high << 4 | low)
        }
        guard !bytes.isEmpty, !bytes.contains(0) else { return nil }
        self.bytes = bytes
    }

    /// The path as shown: bytes that are not UTF-8 become U+FFFD.
    package var shown: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens the file with `open(2)`; the descriptor, or -1 with `errno` set. A path longer
    /// than the system takes at once (`PATH_MAX`: a photo in folders nested deep) is opened a
    /// run of components at a time (``DeepPath``); it is never created so.
    package func open(_ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        if bytes.count >= DeepPath.limit, bytes.first == UInt8(ascii: "/"), flags & O_CREAT == 0 {
            return DeepPath.open(root: [UInt8(ascii: "/")], relative: Array(bytes.dropFirst()), flags: flags)
        }
        return withCString { Glibc.open($0, flags, mode) }
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    package func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Photo {
    /// The real path of a photo on local disk: from its `file:` URL, which keeps every byte of
    /// the name, else from ``filePath``; `nil` for photos that are not files.
    package var fileSystemPath: FileSystemPath? {
        guard let filePath else { return nil }
        let fileURL = [pageURL, images.first?.url].lazy.compactMap { $0 }.first { $0.isFileURL }
        return fileURL.flatMap(FileSystemPath.init(fileURL:)) ?? FileSystemPath(bytes: Array(filePath.utf8))
    }
}
