import Foundation
import ProviderKit
import Synchronization

/// Runs a plugin program for each search and streams the photos it prints.
struct ExecProvider: PhotoProvider {
    /// The most output read from one run.
    static let outputLimit = 16 << 20

    let name: String
    let command: [String]
    let environment: [String: String]
    let options: [String: JSONValue]

    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let session = ExecSession(provider: self, request: request)
        return .pages { _ in try await session.nextPage() }
    }
}

/// One run of the program: started on the first page, killed when the stream ends or is dropped.
private final class ExecSession: Sendable {
    private struct State {
        var child: ChildProcess?
        var pending = Data()
        var lineNumber = 0
        var sent = 0
        var bytes = 0
        var finished = false
    }

    private let provider: ExecProvider
    private let request: SearchRequest
    private let state = Mutex(State())

    init(provider: ExecProvider, request: SearchRequest) {
        self.provider = provider
        self.request = request
    }

    deinit {
        state.withLock { $0.child?.kill() }
    }

    /// The next batch of photos, `nil` when the program is done, or the error that ended it.
    func nextPage() async throws -> PhotoPage? {
        if state.withLock({ $0.finished }) { return nil }
        let child = try startIfNeeded()
        do {
            return try await withTaskCancellationHandler {
                try await readPage(child)
            } onCancel: {
                child.kill()
            }
        } catch {
            child.kill()
            state.withLock { $0.finished = true }
            throw error is CancellationError ? error : ProviderError.badData("\(provider.name): \(error)")
        }
    }

    private func startIfNeeded() throws -> ChildProcess {
        if let child = state.withLock({ $0.child }) { return child }
        do {
            let child = try ChildProcess(arguments: provider.command, environment: provider.environment)
            child.send(PluginProtocol.requestLine(for: request, options: provider.options))
            state.withLock { $0.child = child }
            return child
        } catch {
            state.withLock { $0.finished = true }
            throw ProviderError.notFound("\(provider.name): \(error)")
        }
    }

    /// Reads output until at least one complete line gives photos, or the output ends.
    private func readPage(_ child: ChildProcess) async throws -> PhotoPage? {
        while true {
            var output = child.output.makeAsyncIterator()  // reads never overlap: `.pages` asks one page at a time
            let chunk = await output.next()
            try Task.checkCancellation()
            guard let chunk else { return try await finish(child) }
            let photos = try take(chunk)
            if !photos.isEmpty { return PhotoPage(photos: photos) }
            if state.withLock({ $0.finished }) { return nil }
        }
    }

    /// Parses the complete lines now buffered; stops the program once the limit is reached.
    private func take(_ chunk: Data) throws -> [Photo] {
        let (complete, first, tooLarge) = state.withLock { state -> (Data, Int, Bool) in
            state.bytes += chunk.count
            guard state.bytes <= ExecProvider.outputLimit else { return (Data(), 0, true) }
            let hasNewline = chunk.contains(UInt8(ascii: "\n"))  // scan only the new bytes, never the whole buffer
            state.pending.append(chunk)
            guard hasNewline, let lastNewline = state.pending.lastIndex(of: UInt8(ascii: "\n")) else {
                return (Data(), 0, false)
            }
            let complete = Data(state.pending[state.pending.startIndex...lastNewline])
            state.pending = Data(state.pending[state.pending.index(after: lastNewline)...])
            let first = state.lineNumber + 1
            state.lineNumber += complete.count { $0 == UInt8(ascii: "\n") }
            return (complete, first, false)
        }
        if tooLarge { throw ExecError.outputTooLarge(limit: ExecProvider.outputLimit) }
        let lines = String(decoding: complete, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
        var photos: [Photo] = []
        for (offset, line) in lines.enumerated() {
            guard let photo = try PluginProtocol.photo(fromLine: line, number: first + offset, provider: provider.name)
            else { continue }
            photos.append(photo)
        }
        return state.withLock { state in
            let room = max(0, request.limit - state.sent)
            let kept = Array(photos.prefix(room))
            state.sent += kept.count
            if state.sent >= request.limit {
                state.finished = true
                state.child?.kill()  // enough photos; the program need not go on
            }
            return kept
        }
    }

    /// The program closed its output: a last unterminated line, then its exit status.
    private func finish(_ child: ChildProcess) async throws -> PhotoPage? {
        let rest = state.withLock { state -> Data in
            defer { state.pending = Data() }
            return state.pending
        }
        let last = rest.isEmpty ? [] : try take(rest + Data("\n".utf8))
        let limitReached = state.withLock { $0.finished }
        let status = await child.waitForExit()
        state.withLock { $0.finished = true }
        if !limitReached {
            if status & 0x7f != 0 { throw ExecError.killed(signal: status & 0x7f, stderr: child.stderrLines) }
            let code = (status >> 8) & 0xff
            if code != 0 { throw ExecError.exited(status: code, stderr: child.stderrLines) }
        }
        return last.isEmpty ? nil : PhotoPage(photos: last)
    }
}
