import Foundation

/// Scripts the tests run as programs: plugins, openers, stand-ins on `PATH`.
enum ExecutableScript {
    /// Writes `text` to `url` as an executable file.
    ///
    /// Not with `Data.write`: Foundation opens the file without `O_CLOEXEC`, so a program a
    /// concurrent test starts meanwhile inherits the write end for its whole life, and running the
    /// script fails with ETXTBSY ("Text file busy") until that program ends. Closed on exec, the
    /// end reaches a concurrent spawn only between its fork and its exec, microseconds, long before
    /// the script is run.
    static func write(_ text: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            written += count
        }
        guard fchmod(descriptor, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
