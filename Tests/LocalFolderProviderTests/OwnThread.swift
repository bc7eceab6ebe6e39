import Foundation

/// Runs heavy test work (a thousand nested folders, every fuzz input) on a thread of its own and
/// awaits it, so it never holds one of the few threads Swift's tasks share with the timing-
/// sensitive tests running beside it.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
