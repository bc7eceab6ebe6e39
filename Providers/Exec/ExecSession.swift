import Foundation
import ProviderKit
import Synchronization

/// One run of a plugin: started on the first page, killed when the stream is cancelled, ends or
/// is dropped.
///
/// Lines are taken in order, one at a time, so the result never depends on how the output was
/// cut into reads: the photos before an `{"error": …}` line, a line that is not a photo, the
/// output limit or a failed exit are delivered first, then the failure.
final class ExecSession: Sendable {
    /// What cancellation needs: the running program, or that none may start any more.
    private struct Lifecycle {
        var child: ChildProcess?
        var cancelled = false
    }

    private let provider: ExecProvider
    private let request: SearchRequest
    private let lifecycle = Mutex(Lifecycle())
    private let progress: Mutex<RunProgress>

    init(provider: ExecProvider, request: SearchRequest) {
        self.provider = provider
        self.request = request
        progress = Mutex(RunProgress(provider: provider, limit: request.limit))
    }

    deinit {
        lifecycle.withLock { $0.child?.kill() }
    }

    /// The next batch of photos, `nil` when the program is done, or the error that ended it.
    ///
    /// Cancelling the calling task kills the program's whole group before the cancellation
    /// returns (synchronously, in the cancellation handler), and ends this call at once.
    func nextPage() async throws -> PhotoPage? {
        try await withTaskCancellationHandler {
            try await readPage()
        } onCancel: {
            lifecycle.withLock { state in
                state.cancelled = true
                state.child?.kill()
            }
        }
    }

    private func readPage() async throws -> PhotoPage? {
        if let failure = progress.withLock({ $0.takeFailure() }) { throw failure }
        if progress.withLock({ $0.finished }) { return nil }
        let child = try await start()
        while true {
            var events = child.events.makeAsyncIterator()  // pages are asked one at a time: never overlapping
            let event = await events.next()
            guard let event, !Task.isCancelled else { throw CancellationError() }
            let (photos, declared, stop) = progress.withLock { progress in
                let photos: [Photo]
                switch event {
                case .output(let chunk): photos = progress.take(chunk)
                case .ended(let ending):
                    photos = progress.finish(ending, stderr: child.stderrLines(hiding: provider.secrets))
                }
                return (photos, progress.takeDeclaration(), progress.finished)
            }
            if stop { child.kill() }  // done, failed or enough photos: the program need not go on
            if !photos.isEmpty || declared != nil {
                let checked = Photo.checked(photos, provider: provider.name, logger: provider.logger)
                return PhotoPage(photos: checked, appliedFilters: declared)
            }
            if let failure = progress.withLock({ $0.takeFailure() }) { throw failure }
            if stop { return nil }
        }
    }

    /// The running program, started on first use; never started once the search was cancelled.
    private func start() async throws -> ChildProcess {
        if let child = lifecycle.withLock({ $0.child }) { return child }
        let line: Data
        do {
            line = try PluginProtocol.requestLine(for: request, options: provider.options)
        } catch {
            throw ProviderError.badData("\(provider.name): cannot write the request for the program: \(error)")
        }
        do {
            if lifecycle.withLock({ $0.cancelled }) { throw CancellationError() }
            let child = try await ChildProcess.start(
                arguments: provider.command, environment: provider.environment, request: line,
                outputLimit: provider.outputLimit)
            // Kept under the lock, so a cancellation either finds it (and kills it) or came first.
            return try lifecycle.withLock { state throws -> ChildProcess in
                state.child = child
                if state.cancelled {
                    child.kill()
                    throw CancellationError()
                }
                return child
            }
        } catch let error as ExecError {
            progress.withLock { $0.finished = true }
            if error == .exiting { throw CancellationError() }
            throw ProviderError.notFound("\(provider.name): \(error)")
        }
    }
}

/// What a run has produced so far: its lines, the photos sent, and how it ended.
struct RunProgress {
    let provider: ExecProvider
    let limit: Int
    private var lines = OutputLines()
    private var sent = 0
    private var failure: ExecError?
    /// The filters the program said it applied, until a page carries them.
    private var declared: SearchFilters.Capabilities?
    /// No more photos will be taken: the run ended, failed or gave `limit` photos.
    var finished = false

    init(provider: ExecProvider, limit: Int) {
        self.provider = provider
        self.limit = limit
        finished = limit <= 0
    }

    /// The photos on the lines `chunk` completes, up to the first failing line or the limit.
    mutating func take(_ chunk: Data) -> [Photo] {
        photos(on: lines.take(chunk))
    }

    /// The photo on a last unterminated line, and the failure `ending` means, if any.
    mutating func finish(_ ending: ChildEnding, stderr: @autoclosure () -> [String]) -> [Photo] {
        if ending == .outputTooLarge {  // the last line was cut off at the limit: not a line
            if !finished { failure = .outputTooLarge(program: program, limit: provider.outputLimit) }
            finished = true
            return []
        }
        let photos = photos(on: lines.finish())
        guard !finished else { return photos }
        finished = true
        switch ending {
        case .exited(.exited(let code)) where code != 0: failure = .exited(status: code, stderr: stderr())
        case .exited(.signalled(let signal)): failure = .killed(signal: signal, stderr: stderr())
        default: break
        }
        return photos
    }

    /// The filters the program declared since the last page, once.
    mutating func takeDeclaration() -> SearchFilters.Capabilities? {
        defer { declared = nil }
        return declared
    }

    /// The failure to report now that the photos before it were delivered; reported once.
    mutating func takeFailure() -> (any Error)? {
        guard let failure else { return nil }
        self.failure = nil
        return ProviderError.badData("\(provider.name): \(failure)")
    }

    private mutating func photos(on lines: [OutputLines.Line]) -> [Photo] {
        var photos: [Photo] = []
        for line in lines {
            guard !finished else { break }
            do throws(ExecError) {
                let photo: Photo
                switch try PluginProtocol.parse(
                    line.text, number: line.number, provider: provider.name, secrets: provider.secrets)
                {
                case .blank: continue
                case .photo(let sentPhoto): photo = sentPhoto
                case .filtersApplied(let kinds):
                    // Photos already sent were filtered by what was known then: a late claim cannot hold.
                    guard sent == 0 else {
                        throw ExecError.badFiltersApplied(line: line.number, detail: "comes after a photo")
                    }
                    declared = (declared ?? []).union(kinds)
                    continue
                }
                photos.append(photo)
                sent += 1
                finished = sent >= limit
            } catch {
                failure = error
                finished = true
            }
        }
        return photos
    }

    /// The program's file name, as the user wrote it in `command`.
    private var program: String {
        (provider.command.first ?? "").split(separator: "/").last.map(String.init) ?? ""
    }
}
