#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens folders and files below a root by the bytes of their relative path, however deep and
/// whatever their encoding: a path longer than the system takes at once (`PATH_MAX`) is opened
/// a run of components at a time, each relative to the folder opened before (`openat`).
package enum DeepPath {
    /// The most bytes one `open` is given, its terminating zero included.
    package static let limit = Int(PATH_MAX)

    /// A descriptor for `relative` (components joined by "/", empty for `root` itself) below
    /// the absolute folder `root`, opened with `flags`; -1 with `errno` set when it cannot be.
    package static func open(root: [UInt8], relative: [UInt8], flags: Int32) -> Int32 {
        var whole = root
        if !relative.isEmpty {
            if whole.last != UInt8(ascii: "/") { whole.append(UInt8(ascii: "/")) }
            whole += relative
        }
        if whole.count < limit { return openAt(AT_FDCWD, whole, flags) }
        var folder = openAt(AT_FDCWD, root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        var rest = relative[...]
        while folder >= 0 {
            // The longest run of whole components that fits, or the rest when it all fits.
            var end = rest.endIndex
            if rest.count >= limit {
                end = rest[..<(rest.startIndex + limit - 1)].lastIndex(of: UInt8(ascii: "/")) ?? rest.startIndex
                guard end > rest.startIndex else {  // one name longer than a path may be
                    close(folder)
                    errno = ENAMETOOLONG
                    return -1
                }
            }
            let isLast = end == rest.endIndex
            let next = openAt(folder, rest[..<end], isLast ? flags : O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            let saved = errno
            close(folder)
            errno = saved
            if isLast || next < 0 { return next }
            folder = next
            rest = rest[(end + 1)...]
        }
        return -1
    }

    /// `openat` with a path given as bytes (never holding a zero byte: names cannot).
    private static func openAt(_ folder: Int32, _ path: some Collection<UInt8>, _ flags: Int32) -> Int32 {
        var terminated = Array(path)
        terminated.append(0)
        return terminated.withUnsafeBytes { bytes in
            guard let start = bytes.bindMemory(to: CChar.self).baseAddress else { return -1 }
            return openat(folder, start, flags)
        }
    }

    /// A path naming the open descriptor `descriptor`, so code that opens files by path can open
    /// one that has no usable path of its own (too long, or a name that is not UTF-8).
    package static func descriptorPath(_ descriptor: Int32) -> String {
        #if os(Linux)
            "/proc/self/fd/\(descriptor)"
        #else
            "/dev/fd/\(descriptor)"
        #endif
    }
}
