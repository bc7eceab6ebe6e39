import Foundation
import ProviderKit

/// Whether a plugin's program can be started, and why not, in the same words for
/// `config check` (before a search) and for a failed start (during one).
enum ProgramCheck {
    /// Where the plugin supervisor finds `program`, as `posix_spawnp` would: itself when it holds
    /// a `/`, else the first runnable file of that name in Viewfinder's own `PATH` (not the
    /// plugin's `env:` one).
    static func locate(_ program: String) -> String? {
        if program.contains("/") { return program }
        let searchPath = ProcessEnvironment.value("PATH") ?? "/bin:/usr/bin"  // glibc's default
        let folders = searchPath.split(separator: ":", omittingEmptySubsequences: false).map { $0.isEmpty ? "." : $0 }
        return folders.lazy.map { "\($0)/\(program)" }.first { problem(runningFile: $0) == nil }
    }

    /// Why the file at `path` cannot be run, or `nil` when it can: not there, not a file, not
    /// executable, or a script whose `#!` line names an interpreter that is not there.
    static func problem(runningFile path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return errno == ENOENT ? "does not exist" : "cannot be reached (\(String(cString: strerror(errno))))"
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return "is not a file" }
        guard access(path, X_OK) == 0 else { return "is not executable (chmod +x)" }
        if let interpreter = interpreter(of: path), problem(runningFile: interpreter) != nil {
            return "names `\(interpreter)` on its #! line, which cannot be run"
        }
        return nil
    }

    /// The program a script's `#!` line names, if the file starts with one.
    static func interpreter(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 256)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 2, head[0] == UInt8(ascii: "#"), head[1] == UInt8(ascii: "!") else { return nil }
        let line = head[2..<count].prefix { $0 != 0x0A }.drop { $0 == 0x20 || $0 == 0x09 }
        let name = line.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }
}
