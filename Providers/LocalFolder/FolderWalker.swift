import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks a folder and returns the image files in it, recognised by their first bytes, with
/// their metadata. Symbolic links are never followed (so links cannot loop), hidden files are
/// skipped, and everything else that is passed over is counted for `--verbose`.
struct FolderWalker: Sendable {
    /// What a walk found and passed over.
    struct Report: Sendable {
        var files: [LocalFile] = []
        var notImages = 0
        var unreadableMetadata = 0
        var unreadableFiles = 0
        var unreadableFolders = 0
        var undecodableNames = 0
        var symbolicLinks = 0

        /// "30 images; skipped: 2 other files, 1 name that is not UTF-8"
        var summary: String {
            let skipped = [
                (notImages, "other file"), (unreadableFiles, "unreadable file"),
                (unreadableFolders, "unreadable folder"),
                (undecodableNames, "name that is not UTF-8"), (symbolicLinks, "symbolic link"),
            ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
            let metadata = unreadableMetadata > 0 ? ", \(unreadableMetadata) with unreadable metadata" : ""
            return "\(files.count) image\(files.count == 1 ? "" : "s")\(metadata)"
                + (skipped.isEmpty ? "" : "; skipped " + skipped.joined(separator: ", "))
        }
    }

    let root: URL
    let recursive: Bool

    /// Every image file under ``root``; throws when the folder itself cannot be read, or when cancelled.
    func walk() throws -> Report {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw ProviderError.notFound("folder \(root.path) does not exist; check `path` in the configuration")
        }
        guard isDirectory.boolValue else {
            throw ProviderError.badData("\(root.path) is a file, not a folder; set `path` to a folder of photos")
        }
        var report = Report()
        var visited = 0
        guard try walk(root.standardizedFileURL.path, relative: "", report: &report, visited: &visited) else {
            throw ProviderError.rejected("folder \(root.path) cannot be read (permission denied)")
        }
        return report
    }

    /// Walks one folder; `false` when it cannot be opened.
    private func walk(_ path: String, relative: String, report: inout Report, visited: inout Int) throws -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            visited += 1
            if visited % 256 == 0 { try Task.checkCancellation() }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(validatingCString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            guard let name else {
                report.undecodableNames += 1
                continue
            }
            if name.hasPrefix(".") { continue }  // ".", "..", hidden files
            let childPath = path + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) { type = Self.typeOf(childPath) }
            switch type {
            case Int32(DT_DIR):
                if recursive, try !walk(childPath, relative: childRelative, report: &report, visited: &visited) {
                    report.unreadableFolders += 1
                }
            case Int32(DT_LNK):
                report.symbolicLinks += 1
            case Int32(DT_REG):
                examine(URL(fileURLWithPath: childPath), relative: childRelative, report: &report)
            default:
                break  // FIFOs, sockets, devices
            }
        }
        return true
    }

    /// The `d_type` of a path, from `lstat`, for file systems that do not report it.
    private static func typeOf(_ path: String) -> Int32 {
        var info = stat()
        guard lstat(path, &info) == 0 else { return -1 }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return Int32(DT_DIR)
        case S_IFLNK: return Int32(DT_LNK)
        case S_IFREG: return Int32(DT_REG)
        default: return -1
        }
    }

    private func examine(_ url: URL, relative: String, report: inout Report) {
        do {
            switch try ImageInspector.examine(url) {
            case .notImage:
                report.notImages += 1
            case .image(let format, let modified, let metadata):
                if case .failure = metadata { report.unreadableMetadata += 1 }
                report.files.append(
                    LocalFile(
                        url: url, relativePath: relative, format: format, modified: modified,
                        metadata: try? metadata.get()))
            }
        } catch {
            report.unreadableFiles += 1
        }
    }
}
