import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder's index file: the records of its last walk, kept on disk so a repeat search reads
/// only new or changed files (same size and modification time means unchanged) and scans
/// the stored words instead of folding every file's text again.
///
/// The file holds a magic number (which names the format version), the folder's path, the
/// record count, the ``IndexRecord``s and a checksum. Anything that does not verify
/// (truncated, corrupt, another folder's, an older format, a record whose lengths do not add
/// up) is ignored and rebuilt, never trusted. It is written to a temporary file and renamed
/// into place, so searches running at once never see, or leave, a partial index.
enum LocalIndex {
    // 03: records carry the rights statements; 04: dates as recorded and paths as bytes;
    // 05: sidecars beside deep paths and names that are not UTF-8 are read (04 records lack them);
    // 06: the checksum works in four lanes; 07: place names and time words; 08: a record says
    // when its place words were left out (an index made with place names off was kept for good).
    static let magic = Array("VFLIDX08".utf8)

    /// Larger index files are not read: a folder would need millions of photos to need one.
    static let maximumSize = 1 << 30

    /// The index file for `root` inside `cacheDirectory`.
    static func location(for root: URL, in cacheDirectory: URL) -> URL {
        let hash = pathHash(root.standardizedFileURL.path.utf8)  // a stable file name per folder
        return cacheDirectory.appendingPathComponent("local-folder")
            .appendingPathComponent(String(hash, radix: 16) + ".index")
    }

    /// The catalog stored at `url` if the file is intact and belongs to `root`; `nil` otherwise.
    static func load(from url: URL, root: String) -> FolderCatalog? {
        readFile(url, root: root).flatMap { catalog(from: $0, root: root) }
    }

    /// The catalog in an index file's `bytes` if they verify and belong to `root`; `nil` otherwise.
    static func catalog(from bytes: [UInt8], root: String) -> FolderCatalog? {
        catalog(from: CatalogBytes(bytes), root: root)
    }

    /// The catalog in an index file's `bytes` if they verify and belong to `root`; `nil` otherwise.
    static func catalog(from bytes: CatalogBytes, root: String) -> FolderCatalog? {
        let header = Self.header(root: root, count: 0).count - 8  // everything before the record count
        let records = bytes.withUnsafeBytes { buffer -> (offsets: [Int], region: Range<Int>)? in
            guard buffer.count >= header + 16 else { return nil }
            let stored = buffer.littleEndianUInt64(at: buffer.count - 8)
            let head = UnsafeRawBufferPointer(rebasing: buffer[0..<header + 8])
            let body = UnsafeRawBufferPointer(rebasing: buffer[header + 8..<buffer.count - 8])
            guard checksum(head: head, records: body) == stored,
                head.prefix(header).elementsEqual(Self.header(root: root, count: 0).prefix(header))
            else { return nil }
            let count = head.littleEndianUInt64(at: header)
            guard count <= UInt64(body.count / IndexRecord.headerSize) else { return nil }
            var offsets: [Int] = []
            offsets.reserveCapacity(Int(count))
            var offset = 0
            for _ in 0..<count {
                guard let length = IndexRecord.validLength(at: offset, in: body) else { return nil }
                offsets.append(header + 8 + offset)
                offset += length
            }
            guard offset == body.count else { return nil }
            return (offsets, header + 8..<buffer.count - 8)
        }
        guard let records else { return nil }
        return FolderCatalog(storage: bytes, offsets: records.offsets, region: records.region)
    }

    /// Why an index could not be written, in words for the `--verbose` log.
    struct SaveError: Error, CustomStringConvertible {
        let description: String

        init(_ what: String, _ path: String, errno code: Int32) {
            description = "cannot \(what) \(path): \(String(cString: strerror(code)))"
        }
    }

    /// Writes `catalog` as the index of `root` to `url`, atomically.
    static func save(_ catalog: FolderCatalog, to url: URL, root: String) throws(SaveError) {
        let head = header(root: root, count: catalog.offsets.count)
        let folder = url.deletingLastPathComponent()
        // Private to the user: an index holds GPS positions, keywords and file names.
        if let code = makeFolders(folder.path) { throw SaveError("create the folder", folder.path, errno: code) }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SaveError("write in", folder.path, errno: errno) }
        let writeError = catalog.storage.withUnsafeBytes { storage -> Int32? in
            let records = UnsafeRawBufferPointer(rebasing: storage[catalog.region])
            let sum = checksum(head: head, records: records)
            return head.withUnsafeBytes { writeAll(descriptor, $0) } ?? writeAll(descriptor, records)
                ?? withUnsafeBytes(of: sum.littleEndian) { writeAll(descriptor, $0) }
        }
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = writeError ?? closed {
            unlink(temporary.path)
            throw SaveError("write", temporary.path, errno: code)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw SaveError("replace", url.path, errno: code)
        }
    }

    /// Creates `path` and the folders above it that are missing, private to the user (0700);
    /// the `errno` of the first that cannot be made, or `nil` when all exist.
    private static func makeFolders(_ path: String) -> Int32? {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 { continue }
            let code = errno
            var info = stat()
            guard code == EEXIST, stat(prefix, &info) == 0 else { return code }
            if info.st_mode & S_IFMT != S_IFDIR { return ENOTDIR }
        }
        return nil
    }

    /// The bytes before the records: magic, root path (length first), record count.
    static func header(root: String, count: Int) -> [UInt8] {
        var writer = IndexWriter()
        writer.output = magic
        writer.string(root)
        writer.u64(UInt64(count))
        return writer.output
    }

    /// FNV-1a, 64 bits, of a path's bytes.
    static func pathHash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The checksum an index file ends with: over the bytes before the records, then over the records.
    static func checksum(head: some ContiguousBytes, records: some ContiguousBytes) -> UInt64 {
        records.withUnsafeBytes { body in head.withUnsafeBytes { checksum(body, seed: checksum($0)) } }
    }

    /// A 64-bit checksum (FNV-1a's multiplier, plus a rotation) in four lanes of eight bytes,
    /// which the processor works on at once, so verifying a large index costs little next to
    /// reading it.
    static func checksum(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        func mix(_ hash: inout UInt64, _ word: UInt64) {
            hash = (hash ^ word) &* 0x0000_0100_0000_01b3
            hash = hash << 29 | hash >> 35
        }
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (seed, seed ^ 1, seed ^ 2, seed ^ 3)
        var offset = 0
        while bytes.count - offset >= 32 {
            mix(&lanes.0, bytes.littleEndianUInt64(at: offset))
            mix(&lanes.1, bytes.littleEndianUInt64(at: offset + 8))
            mix(&lanes.2, bytes.littleEndianUInt64(at: offset + 16))
            mix(&lanes.3, bytes.littleEndianUInt64(at: offset + 24))
            offset += 32
        }
        var hash = lanes.0
        for lane in [lanes.1, lanes.2, lanes.3] { mix(&hash, lane) }
        while bytes.count - offset >= 8 {
            mix(&hash, bytes.littleEndianUInt64(at: offset))
            offset += 8
        }
        var tail: UInt64 = UInt64(bytes.count - offset) << 56
        for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
        mix(&hash, tail)
        return hash
    }

    /// The whole file, or `nil` when it cannot be read, is implausibly large, or does not start
    /// as `root`'s index of this format: that much is read first, so a large file of anything
    /// else costs no memory.
    private static func readFile(_ url: URL, root: String) -> CatalogBytes? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
            info.st_size <= maximumSize
        else {
            return nil
        }
        let expected = header(root: root, count: 0).dropLast(8)  // all but the record count
        var start = [UInt8](repeating: 0, count: expected.count)
        let got = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard got == expected.count, start.elementsEqual(expected) else { return nil }
        return CatalogBytes.read(descriptor, count: Int(info.st_size))
    }
}
