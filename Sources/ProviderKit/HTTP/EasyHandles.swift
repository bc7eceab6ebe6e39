import CCurl
import Synchronization

/// libcurl easy handles kept for the next transfer: making one (`curl_easy_init`) and freeing it
/// cost more than resetting its options (`curl_easy_reset`), which keeps its buffers. A handle
/// comes back only after its transfer left the multi handle, so it owns no connection; a reset
/// clears every option, callback and pointer the last transfer set.
enum EasyHandles {
    /// Handles kept at most: as many as the loops' transfers at once in a download, so a
    /// burst does not leave a heap of idle ones behind.
    static let kept = 32

    /// An idle handle: no thread uses it until one takes it out of ``idle``.
    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private static let idle = Mutex<[Handle]>([])

    /// A handle with libcurl's default options, or `nil` when libcurl cannot make one.
    static func take() -> UnsafeMutableRawPointer? {
        idle.withLock { $0.popLast() }?.pointer ?? vf_curl_easy_init()
    }

    /// Gives `handle` back, reset, after its transfer ended and left its multi handle.
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
