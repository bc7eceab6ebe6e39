import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes a ``FolderCatalog``'s records live in: those a walk just built, or an index file's,
/// read into memory that is mapped and filled with pages in one step. Read into an ordinary
/// array, each of a 3 MB index's 700 pages is faulted in one by one as the copy reaches it,
/// which took 60% of the index's load time.
final class CatalogBytes: @unchecked Sendable {
    // Immutable after `init`: shared between threads only for reading.
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
        // Unmapping a large index takes half a millisecond: not on the search's way to its answer.
        let (address, count) = (UInt(bitPattern: base), mapped.count)
        DispatchQueue.global(qos: .utility).async { munmap(UnsafeMutableRawPointer(bitPattern: address), count) }
    }

    /// How many bytes there are.
    var count: Int { mapped?.count ?? array.count }

    /// Calls `body` with the bytes.
    func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        if let mapped { return try body(UnsafeRawBufferPointer(mapped)) }
        return try array.withUnsafeBytes(body)
    }

    /// Exactly `count` bytes read from `descriptor`; `nil` when it holds fewer or cannot be read.
    static func read(_ descriptor: Int32, count: Int) -> CatalogBytes? {
        guard count > 0 else { return CatalogBytes([]) }
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
        #else
            let flags = MAP_PRIVATE | MAP_ANONYMOUS
        #endif
        guard let base = mmap(nil, count, PROT_READ | PROT_WRITE, flags, -1, 0), base != MAP_FAILED else {
            return nil
        }
        let buffer = UnsafeMutableRawBufferPointer(start: base, count: count)
        let bytes = CatalogBytes(mapped: buffer)  // unmaps it, whatever happens next
        var done = 0
        while done < count {
            let got = Glibc.read(descriptor, base + done, count - done)
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }
}
