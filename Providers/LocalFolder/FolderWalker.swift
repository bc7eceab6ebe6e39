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
        /// Files whose index entry was reused, and files read afresh.
        var reused = 0
        var read = 0
        /// Set when an index existed but could not be trusted.
        var indexRebuilt = false

        /// Adds what another part of the walk found.
        mutating func absorb(_ other: Report) {
            files += other.files
            notImages += other.notImages
            unreadableMetadata += other.unreadableMetadata
            unreadableFiles += other.unreadableFiles
            read += other.read
        }

        /// "30 images; skipped: 2 other files, 1 name that is not UTF-8"
        var summary: String {
            let skipped = [
                (notImages, "other file"), (unreadableFiles, "unreadable file"),
                (unreadableFolders, "unreadable folder"),
                (undecodableNames, "name that is not UTF-8"), (symbolicLinks, "symbolic link"),
            ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
            let metadata = unreadableMetadata > 0 ? ", \(unreadableMetadata) with unreadable metadata" : ""
            let index =
                "; \(read) read, \(reused) from the index"
                + (indexRebuilt ? " (rebuilt: the old one could not be trusted)" : "")
            return "\(files.count) image\(files.count == 1 ? "" : "s")\(metadata)"
                + (skipped.isEmpty ? "" : "; skipped " + skipped.joined(separator: ", ")) + index
        }
    }

    let root: URL
    let recursive: Bool
    /// Where the folder's index lives; `nil` to read every file every time.
    var indexFile: URL?

    /// A regular file found while listing, with what the index compares.
    struct Candidate: Sendable {
        var path: String
        var relative: String
        var size: Int64
        var modifiedNanoseconds: Int64
    }

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
        var candidates: [Candidate] = []
        var visited = 0
        guard
            try list(root.standardizedFileURL.path, relative: "", into: &candidates, report: &report, visited: &visited)
        else {
            throw ProviderError.rejected("folder \(root.path) cannot be read (permission denied)")
        }

        // Reuse what the index knows about unchanged files; read the rest.
        let previous = indexFile.flatMap { LocalIndex.load(from: $0, root: root) }
        report.indexRebuilt =
            previous == nil && indexFile.map { FileManager.default.fileExists(atPath: $0.path) } == true
        var index = LocalIndex()
        var changed: [Candidate] = []
        for candidate in candidates {
            guard let entry = previous?.entries[candidate.relative], entry.size == candidate.size,
                entry.modifiedNanoseconds == candidate.modifiedNanoseconds
            else {
                changed.append(candidate)
                continue
            }
            index.entries[candidate.relative] = entry
            report.reused += 1
            Self.add(entry, for: candidate, to: &report)
        }
        let cancelled = OnceFlag()
        let chunks = try await withTaskCancellationHandler {
            try Task.checkCancellation()
            return Self.examineInParallel(changed, cancelled: cancelled)
        } onCancel: {
            cancelled.set()
        }
        try Task.checkCancellation()
        for chunk in chunks {
            report.absorb(chunk.report)
            index.entries.merge(chunk.entries) { $1 }
        }
        if let indexFile, !changed.isEmpty || previous?.entries.count != index.entries.count {
            try? index.write(to: indexFile, root: root)  // a cache: failing to write it only costs speed
        }
        return report
    }

    /// Adds a file known from the index to the report.
    private static func add(_ entry: LocalIndex.Entry, for candidate: Candidate, to report: inout Report) {
        guard let format = entry.format else {
            report.notImages += 1
            return
        }
        if entry.metadata == nil { report.unreadableMetadata += 1 }
        let modified = Date(timeIntervalSince1970: Double(candidate.modifiedNanoseconds) / 1e9)
        report.files.append(
            LocalFile(
                path: candidate.path, relativePath: candidate.relative, format: format,
                modified: modified, metadata: entry.metadata))
    }

    /// What one chunk of files yielded: report lines and index entries.
    private struct Chunk: Sendable {
        var report = Report()
        var entries: [String: LocalIndex.Entry] = [:]
    }

    private static func examineInParallel(_ candidates: [Candidate], cancelled: OnceFlag) -> [Chunk] {
        let chunkSize = 64
        let chunkCount = (candidates.count + chunkSize - 1) / chunkSize
        let results = Mutex([Int: Chunk]())
        DispatchQueue.concurrentPerform(iterations: chunkCount) { number in
            var chunk = Chunk()
            for index in number * chunkSize..<min(candidates.count, (number + 1) * chunkSize) {
                if cancelled.isSet { return }
                examine(candidates[index], into: &chunk)
            }
            results.withLock { $0[number] = chunk }
        }
        return results.withLock { results in (0..<chunkCount).compactMap { results[$0] } }  // keep the listing order
    }

    /// Lists one folder's regular files into `candidates`; `false` when it cannot be opened.
    private func list(
        _ path: String, relative: String, into candidates: inout [Candidate],
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
                var info = stat()
                guard lstat(childPath, &info) == 0 else {
                    report.unreadableFiles += 1
                    continue
                }
                candidates.append(
                    Candidate(
                        path: childPath, relative: childRelative, size: Int64(info.st_size),
                        modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
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

    /// Reads one file and records it in the chunk's report and index entries.
    private static func examine(_ candidate: Candidate, into chunk: inout Chunk) {
        chunk.report.read += 1
        let url = URL(fileURLWithPath: candidate.path)
        let outcome: ImageInspector.Outcome
        do {
            outcome = try ImageInspector.examine(url)
        } catch {
            chunk.report.unreadableFiles += 1  // not indexed: tried again next time
            return
        }
        var entry = LocalIndex.Entry(
            size: candidate.size, modifiedNanoseconds: candidate.modifiedNanoseconds, format: nil, metadata: nil)
        switch outcome {
        case .notImage:
            chunk.report.notImages += 1
        case .image(let format, let modified, let metadata):
            entry.format = format
            entry.metadata = try? metadata.get()
            if entry.metadata == nil { chunk.report.unreadableMetadata += 1 }
            chunk.report.files.append(
                LocalFile(
                    path: candidate.path, relativePath: candidate.relative, format: format, modified: modified,
                    metadata: entry.metadata))
        }
        chunk.entries[candidate.relative] = entry
    }
}
