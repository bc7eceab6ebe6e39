import Dispatch
import Foundation
import ProviderKit
import Synchronization

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

        /// Adds what another part of the walk found.
        mutating func absorb(_ other: Report) {
            files += other.files
            notImages += other.notImages
            unreadableMetadata += other.unreadableMetadata
            unreadableFiles += other.unreadableFiles
        }

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
    ///
    /// The folder is listed first; then its files are examined on every core, in chunks that
    /// stop as soon as the search is cancelled.
    func walk() async throws -> Report {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw ProviderError.notFound("folder \(root.path) does not exist; check `path` in the configuration")
        }
        guard isDirectory.boolValue else {
            throw ProviderError.badData("\(root.path) is a file, not a folder; set `path` to a folder of photos")
        }
        var report = Report()
        var candidates: [(path: String, relative: String)] = []
        var visited = 0
        guard
            try list(root.standardizedFileURL.path, relative: "", into: &candidates, report: &report, visited: &visited)
        else {
            throw ProviderError.rejected("folder \(root.path) cannot be read (permission denied)")
        }
        let cancelled = OnceFlag()
        let chunks = try await withTaskCancellationHandler {
            try Task.checkCancellation()
            return Self.examineInParallel(candidates, cancelled: cancelled)
        } onCancel: {
            cancelled.set()
        }
        try Task.checkCancellation()
        for chunk in chunks { report.absorb(chunk) }
        return report
    }

    private static func examineInParallel(_ candidates: [(path: String, relative: String)], cancelled: OnceFlag)
        -> [Report]
    {
        let chunkSize = 64
        let chunkCount = (candidates.count + chunkSize - 1) / chunkSize
        let results = Mutex([Int: Report]())
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var report = Report()
            for index in chunk * chunkSize..<min(candidates.count, (chunk + 1) * chunkSize) {
                if cancelled.isSet { return }
                examine(
                    URL(fileURLWithPath: candidates[index].path), relative: candidates[index].relative, report: &report)
            }
            results.withLock { $0[chunk] = report }
        }
        return results.withLock { results in (0..<chunkCount).compactMap { results[$0] } }  // keep the listing order
    }

    /// Lists one folder's regular files into `candidates`; `false` when it cannot be opened.
    private func list(
        _ path: String, relative: String, into candidates: inout [(path: String, relative: String)],
        report: inout Report,
        visited: inout Int
    ) throws -> Bool {
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
                if recursive,
                    try !list(childPath, relative: childRelative, into: &candidates, report: &report, visited: &visited)
                {
                    report.unreadableFolders += 1
                }
            case Int32(DT_LNK):
                report.symbolicLinks += 1
            case Int32(DT_REG):
                candidates.append((childPath, childRelative))
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

    private static func examine(_ url: URL, relative: String, report: inout Report) {
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
