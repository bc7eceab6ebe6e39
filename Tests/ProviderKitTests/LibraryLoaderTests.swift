import CLibraryLoader
import Foundation
import ProviderKit
import Synchronization
import Testing

/// The one loader every C shim uses (libcurl, libcrypto, ncursesw, chafa, the decoders), tried on
/// glibc's own libraries, which every machine has, and on names no machine has.
@Suite struct LibraryLoaderTests {
    /// A `vf_library` for `file` that finds `names`, kept alive (with the C strings and the
    /// addresses found) until `body` returns.
    private func withLibrary<Result>(
        _ file: String, finding names: [String],
        setUp: (@convention(c) (UnsafeMutablePointer<vf_library>?) -> Int32)? = nil,
        _ body: (UnsafeMutablePointer<vf_library>, UnsafeMutablePointer<UnsafeMutableRawPointer?>) async throws ->
            Result
    ) async rethrows -> Result {
        let fileName = strdup(file)
        let symbolNames = names.map { strdup($0) }
        let slots = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: max(names.count, 1))
        slots.initialize(repeating: nil, count: max(names.count, 1))
        let symbols = UnsafeMutablePointer<vf_library_symbol>.allocate(capacity: max(names.count, 1))
        for index in names.indices {
            symbols[index] = vf_library_symbol(name: symbolNames[index], slot: slots + index)
        }
        // All zero is PTHREAD_MUTEX_INITIALIZER on glibc, and state 0 is "not tried".
        let library = UnsafeMutablePointer<vf_library>.allocate(capacity: 1)
        library.initialize(to: vf_library())
        library.pointee.file = UnsafePointer(fileName)
        library.pointee.symbols = UnsafePointer(symbols)
        library.pointee.count = names.count
        library.pointee.set_up = setUp
        defer {
            library.deallocate()
            symbols.deallocate()
            slots.deallocate()
            for name in symbolNames { free(name) }
            free(fileName)
        }
        return try await body(library, slots)
    }

    private func error(_ library: UnsafeMutablePointer<vf_library>) -> String? {
        vf_library_error(library).map { String(cString: $0) }
    }

    @Test("a library with every function listed loads once, each address found, and no error")
    func loads() async {
        await withLibrary("libc.so.6", finding: ["strlen", "memchr"]) { library, found in
            #expect(vf_library_is_loaded(library) == 0 && error(library) == nil)  // not tried yet
            #expect(vf_library_load(library) == 1)
            #expect(vf_library_is_loaded(library) == 1 && error(library) == nil)
            #expect(found[0] != nil && found[1] != nil)
            let strlenFound = unsafeBitCast(found[0], to: (@convention(c) (UnsafePointer<CChar>) -> Int).self)
            #expect(strlenFound("viewfinder") == 10)
            #expect(vf_library_load(library) == 1)  // the first outcome, again
        }
    }

    @Test("a missing library is refused for good, with the loader's reason naming it")
    func missingLibrary() async {
        await withLibrary("libviewfinder-no-such-library.so.9", finding: ["anything"]) { library, _ in
            #expect(vf_library_load(library) == 0)
            #expect(error(library)?.contains("libviewfinder-no-such-library.so.9") == true, "\(error(library) ?? "")")
            #expect(vf_library_load(library) == 0 && vf_library_is_loaded(library) == 0)
        }
    }

    @Test("a library without one of the functions is refused, the reason naming the function")
    func missingFunction() async {
        await withLibrary("libc.so.6", finding: ["strlen", "vf_no_such_function"]) { library, _ in
            #expect(vf_library_load(library) == 0)
            #expect(error(library) == "libc.so.6 has no vf_no_such_function")
        }
    }

    @Test("a set-up that refuses leaves the library refused with the set-up's own reason; it runs once")
    func setUpRefuses() async {
        let refuse: @convention(c) (UnsafeMutablePointer<vf_library>?) -> Int32 = { library in
            LibraryLoaderTests.refusingSetUps.withLock { $0 += 1 }
            guard let library else { return 0 }
            withUnsafeMutableBytes(of: &library.pointee.error) { buffer in
                let reason = Array("too old for us".utf8CString)
                buffer.copyBytes(from: reason.withUnsafeBytes { Array($0) })
            }
            return 0
        }
        await withLibrary("libc.so.6", finding: ["strlen"], setUp: refuse) { library, _ in
            #expect(vf_library_load(library) == 0)
            #expect(vf_library_load(library) == 0)
            #expect(error(library) == "too old for us")
        }
        #expect(LibraryLoaderTests.refusingSetUps.withLock { $0 } == 1)
    }

    @Test("many threads loading at once load the library once: the set-up runs one time")
    func concurrentLoads() async throws {
        let count: @convention(c) (UnsafeMutablePointer<vf_library>?) -> Int32 = { _ in
            LibraryLoaderTests.countedSetUps.withLock { $0 += 1 }
            return 1
        }
        try await withLibrary("libm.so.6", finding: ["cos"], setUp: count) { library, _ in
            // Threads of their own (no thread of Swift's pool waits on another), the last to
            // finish opening the gate the test waits at.
            let outcomes = Outcomes()
            let finished = OnceGate()
            let address = Int(bitPattern: library)
            for index in 0..<16 {
                try NamedThread.tryStart("vf-test-load-\(index)") {
                    let outcome = vf_library_load(UnsafeMutablePointer(bitPattern: address))
                    if outcomes.add(Int(outcome)) == 16 { finished.open() }
                }
            }
            await finished.wait()
            #expect(outcomes.loaded == 16)
        }
        #expect(LibraryLoaderTests.countedSetUps.withLock { $0 } == 1)
    }

    /// The threads' outcomes: how many loaded the library, of how many that finished.
    private final class Outcomes: Sendable {
        private let counts = Mutex((loaded: 0, finished: 0))

        /// Adds one thread's outcome (1 loaded, 0 not); returns how many have finished.
        func add(_ outcome: Int) -> Int {
            counts.withLock { counts in
                counts.loaded += outcome
                counts.finished += 1
                return counts.finished
            }
        }

        var loaded: Int { counts.withLock { $0.loaded } }
    }

    private static let refusingSetUps = Mutex(0)
    private static let countedSetUps = Mutex(0)
}
