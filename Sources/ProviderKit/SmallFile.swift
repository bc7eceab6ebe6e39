import Foundation

/// A small file read whole, and only when it is a regular file: what Viewfinder reads from paths
/// it did not choose (the user's folder list, recent searches, its own resources).
///
/// The file is opened without waiting (`O_NONBLOCK`) and examined before a byte is read, so a
/// FIFO put in a file's place cannot hang a command, and a device cannot feed it without end.
package enum SmallFile {
    /// Why a file was not read, in words that finish "… cannot be read: ".
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// Opening or reading failed, with the system's words (`No such file or directory`).
        case unreadable(String)
        /// The path names something else: "a FIFO (named pipe)", "a folder", ….
        case notRegular(String)
        /// The file holds more than the limit.
        case tooLarge(bytes: Int64, limit: Int)

        package var description: String {
            switch self {
            case .unreadable(let reason): reason
            case .notRegular(let kind): "it is \(kind), not a regular file"
            case .tooLarge(let bytes, let limit): "it holds \(bytes) bytes, more than the \(limit) expected"
            }
        }

        /// Whether the file is simply not there.
        package var isMissing: Bool { self == .unreadable(String(cString: strerror(ENOENT))) }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    package static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if let kind = FileKind.name(of: status.st_mode) { return .failure(.notRegular(kind)) }
        guard status.st_size <= limit else { return .failure(.tooLarge(bytes: Int64(status.st_size), limit: limit)) }
        var data = Data(count: Int(status.st_size))
        let count = data.withUnsafeMutableBytes { readAll(descriptor, into: $0) }
        guard count == data.count else {
            // Shorter than fstat said (it shrank, or a read failed): what was read is not the file.
            return .failure(.unreadable("reading stopped after \(count) of its \(data.count) bytes"))
        }
        return .success(data)
    }
}
