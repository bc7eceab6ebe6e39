import CCurl
import Synchronization

/// libcurl easy handles kept for the next transfer: making one (`curl_easy_init`) and freeing it
/// cost more than resetting its options (`curl_easy_reset`), which keeps its buffers.
///
/// Only a handle whose transfer ended normally comes back (one that failed or was cancelled is
/// freed: it may hold state a reset leaves, such as its first buffer), and only after the
/// transfer left its multi handle, so it owns no connection. The reset clears every option the
/// last transfer set, its callbacks and their pointers included; on libcurl before 8.12 the
/// handle keeps its TLS sessions, which only saves the next transfer a full handshake.
package enum EasyHandles {
    /// Handles kept at most: as many as the loops' transfers at once in a download, so a
    /// burst does not leave a heap of idle ones behind.
    static let kept = 32

    /// An idle handle: no thread uses it until one takes it out of ``idle``.
    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private static let idle = Mutex<[Handle]>([])
    private static let reuses = Atomic<Int>(0)

    /// How many transfers in this process ran on a kept handle, for tests that check a reused
    /// handle starts clean.
    package static var reused: Int { reuses.load(ordering: .relaxed) }

    /// A handle with libcurl's default options, or `nil` when libcurl cannot make one.
    static func take() -> UnsafeMutableRawPointer? {
        if let kept = idle.withLock({ $0.popLast() }) {
            reuses.add(1, ordering: .relaxed)
            return kept.pointer
        }
        return vf_curl_easy_init()
    }

    /// Gives `handle` back, reset, after its transfer ended normally and left its multi handle.
    static func give(_ handle: UnsafeMutableRawPointer) {
        vf_curl_easy_reset(handle)
        let keptIt = idle.withLock { idle in
            guard idle.count < kept else { return false }
            idle.append(Handle(pointer: handle))
            return true
        }
        if !keptIt { vf_curl_easy_cleanup(handle) }
    }
}
