import Foundation

/// Makes a folder and its missing parents one at a time, so a failure names the folder that
/// could not be made and the system's reason (Foundation says "The file name is invalid" or
/// "error 512"), and takes back what it made: a failed command leaves no empty folders behind.
package enum MissingFolders {
    /// Why a folder could not be made: which one, and the system's reason.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// The folder, or the file in the way.
        package let path: String
        /// The `errno`.
        package let code: Int32

        package var description: String {
            code == ENOTDIR
                ? "\(path) is not a folder" : "cannot make the folder \(path) (\(String(cString: strerror(code))))"
        }
    }

    /// Makes `path` and the folders above it that are missing, each with `mode`; the folders made,
    /// parents first. On failure, the folders made so far are removed again.
    package static func make(_ path: String, mode: mode_t = 0o700) -> Result<[String], Failure> {
        var made: [String] = []
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") where component != "." {
            prefix += "/" + component
            if mkdir(prefix, mode) == 0 {
                made.append(prefix)
                continue
            }
            var code = errno
            if code == EEXIST {
                var info = stat()
                guard stat(prefix, &info) == 0 else { return failed(prefix, errno, made) }
                if info.st_mode & S_IFMT == S_IFDIR { continue }
                code = ENOTDIR
            }
            return failed(prefix, code, made)
        }
        return .success(made)
    }

    /// Removes `made` (as ``make(_:mode:)`` returned them), deepest first, if still empty.
    package static func remove(_ made: [String]) {
        for folder in made.reversed() { rmdir(folder) }
    }

    private static func failed(_ path: String, _ code: Int32, _ made: [String]) -> Result<[String], Failure> {
        remove(made)
        return .failure(Failure(path: path, code: code))
    }
}
