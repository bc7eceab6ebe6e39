import Glibc
import ProviderKit

/// The bytes a ``FolderCatalog``'s records live in: those a walk just built, or an index file's,
/// read into memory that is mapped and filled with pages in one step. Read into an ordinary
/// array, each of a 3 MB index's 700 pages is faulted in one by one as the copy reaches it,
/// which took 60% of the index's load time.
final class CatalogBytes: @unchecked Sendable {
    // Immutable after `init` (the mapping is made read-only once filled): shared only for reading.
    private let array: [UInt8]
    private let mapped: UnsafeMutableRawBufferPointer?

    /// The bytes of `array`.
    init(_ array: [UInt8]) {
        self.array = array
        mapped = nil
    }

    private init(mapped: UnsafeMutableRawBufferPointer) {
        array = []
        self.mapped = mapped
    }

    deinit {
        guard let mapped, let base = mapped.baseAddress else { return }
        let (address, count) = (UInt(bitPattern: base), mapped.count)
        // Half a millisecond for a large index, taken off the search's way to its answer (the
        // last reference goes when the search returns).
        Releaser.shared.post { _ = munmap(UnsafeMutableRawPointer(bitPattern: address), count) }
    }

    /// How many bytes there are.
    var count: Int { mapped?.count ?? array.count }

    /// Calls `body` with the bytes.
    func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        if let mapped { return try body(UnsafeRawBufferPointer(mapped)) }
        return try array.withUnsafeBytes(body)
    }

    /// The size from which an index is read into a mapping rather than an array.
    static let mappedFrom = 256 << 10

    /// Exactly `count` bytes read from `descriptor`'s current offset; `nil` when it holds fewer
    /// or cannot be read.
    static func read(_ descriptor: Int32, count: Int) -> CatalogBytes? {
        guard count > 0 else { return CatalogBytes([]) }
        // A small index (a few hundred photos) into an array: a mapping would cost more to make
        // and to unmap (on the releasing thread, started for it) than its few faults.
        if count < mappedFrom {
            var complete = false
            let array = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                complete = readAll(descriptor, into: UnsafeMutableRawBufferPointer(buffer)) == count
                initialized = complete ? count : 0
            }
            return complete ? CatalogBytes(array) : nil
        }
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
        guard let base = mmap(nil, count, PROT_READ | PROT_WRITE, flags, -1, 0), base != MAP_FAILED else {
            return nil
        }
        let bytes = CatalogBytes(mapped: UnsafeMutableRawBufferPointer(start: base, count: count))  // unmaps it
        guard readAll(descriptor, into: UnsafeMutableRawBufferPointer(start: base, count: count)) == count else {
            return nil
        }
        // Read-only from here on: a stray write would fault instead of changing a record.
        guard mprotect(base, count, PROT_READ) == 0 else { return nil }
        return bytes
    }
}
