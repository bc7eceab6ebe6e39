import Foundation
import Logging
import ProviderKit
import ServiceBus
import Synchronization

/// Fetching one photo: its host's turn, the transfer into a temporary file, pauses and retries.
extension Downloader {
    /// Fetches one photo, waiting for its host and retrying after pauses and dropped connections;
    /// throws only `CancellationError`.
    func fetch(_ job: Job, scheduler: HostScheduler, placing: HostScheduler, opening: ArchiveOpening)
        async throws
        -> DownloadOutcome.Result
    {
        let host: String
        switch job.source {
        case .local: host = ""
        case .remote(let url): host = (url.host ?? "") + (url.port.map { ":\($0)" } ?? "")
        }
        var pauses = 0
        var losses = 0
        while true {
            try await scheduler.start(host)
            let attempt: Attempt
            do {
                switch job.source {
                case .local(let path, let companions):
                    attempt = try await place(local: path, companions: companions, job: job, opening: opening)
                case .remote(let url): attempt = try await transfer(url, job: job)
                }
            } catch {
                await scheduler.finished(host)
                throw error
            }
            switch attempt {
            case .done(let result):
                await scheduler.finished(host)
                return result
            case .received(let received):
                // The connection is free once the body is in: the next transfer starts while this
                // file is synced and named. Placements have their own bound, so finished files
                // (each holding a descriptor) cannot pile up behind a slow disk.
                do {
                    try await placing.start(Self.placingKey)
                } catch {
                    folder.discard(received.part)
                    await scheduler.finished(host)
                    throw error
                }
                await scheduler.finished(host)
                return try await place(received, job: job, opening: opening, placing: placing).get()
            case .paused(let wait, let status):
                pauses += 1
                await scheduler.pause(host, for: wait)  // before the slot is freed, so no other transfer slips in
                await scheduler.finished(host)
                logger?.info("\(host) answered \(status): pausing it for \(wait)")
                if pauses > options.maxPauses {
                    return .failed(reason: "\(host) answered \(status) \(pauses) times in a row; try again later")
                }
            case .lost(let reason):
                await scheduler.finished(host)
                losses += 1
                if losses > 2 { return .failed(reason: reason) }
            }
        }
    }

    func transfer(_ url: URL, job: Job) async throws -> Attempt {
        let folder = self.folder
        let name = job.name
        // The temporary file is made by the HTTP client's thread as the transfer starts (no
        // hand-off to a file thread and back first), and none when it never starts.
        let created = CreatedPart()
        let sink = DescriptorBodySink(opening: {
            do throws(DownloadFailure) {
                let part = try folder.createPart(for: name)
                created.state.withLock { $0.part = part }
                return .success(part.descriptor)
            } catch {
                created.state.withLock { $0.failure = error.message }
                return .failure(DescriptorBodySink.OpenFailure(error.message))
            }
        })
        events(.started(index: job.index, name: name.file("")))
        let request = HTTPRequest(
            url: url, headers: [HTTPRequest.Header("Accept", "image/*,*/*;q=0.5")], timeout: options.transferTimeout,
            stallTimeout: options.stallTimeout, maxResponseBytes: options.maxFileBytes, retry: .never, logger: logger)
        let events = self.events
        let index = job.index
        let response: HTTPResponse
        do {
            response = try await http.stream(request, into: sink) { received, expected in
                events(.progress(index: index, received: received, expected: expected))
            }
        } catch {
            let (part, failure) = created.state.withLock { ($0.part, $0.failure) }
            if let part { folder.discard(part) }
            // The folder's own words (a symbolic link in the way, a full disk), not the request's.
            if let failure { return .done(.failed(reason: failure)) }
            switch error {
            case is CancellationError:
                throw CancellationError()
            case let error as HTTPClientError where error.kind == .connectionLost:
                return .lost(error.message)
            case let error as HTTPClientError where error.kind == .timedOut:
                // Not tried again: a server too slow for the whole timeout would hold a slot for
                // several of them.
                return .done(
                    .failed(reason: "the transfer took longer than \(options.transferTimeout): \(error.message)"))
            case let error as HTTPClientError where error.kind == .stalled:
                // Not tried again either: a server that stalls once likely stalls again.
                return .done(.failed(reason: error.message))
            default:
                return .done(.failed(reason: "\(error)"))
            }
        }
        // A client that cannot stream (HTTPClient's default `stream`) starts the sink only for a
        // 2xx answer: another one has no file to discard.
        let made = created.state.withLock { $0.part }
        if response.status == 429 || response.status == 503 {
            if let made { folder.discard(made) }
            let asked = response.headers["retry-after"].flatMap { RetryPolicy.parseRetryAfter($0) }
            if let asked, asked > options.maxPause {
                return .done(.failed(reason: "\(url.host ?? "the host") asks to wait \(asked) (Retry-After)"))
            }
            return .paused(asked ?? options.defaultPause, status: response.status)
        }
        guard response.isSuccess else {
            if let made { folder.discard(made) }
            return .done(.failed(reason: "HTTP \(response.status) for \(request.redactedDescription)"))
        }
        guard let part = made else {
            return .done(.failed(reason: "no temporary file was made for \(request.redactedDescription)"))
        }
        let received = sink.byteCount
        // Files are asked for as they are (`Accept-Encoding: identity`) and nothing is decoded, so
        // the bytes received are the bytes Content-Length counts, whatever Content-Encoding says.
        if let declared = response.headers["content-length"].flatMap(Int64.init),
            declared != received
        {
            folder.discard(part)
            return .lost("the connection ended after \(received) of \(declared) bytes")
        }
        guard received > 0 else {
            folder.discard(part)
            return .done(.failed(reason: "the server sent an empty file"))
        }
        let contentType = response.headers["content-type"]
        guard
            let fileExtension = ImageType.fileExtension(
                leadingBytes: sink.leadingBytes, contentType: contentType, url: url)
        else {
            folder.discard(part)
            // Whole or not at all: a type cut short could end inside a secret the server echoed.
            let sentAs = contentType.map { $0.count <= 80 ? " (sent as \($0))" : "" } ?? ""
            return .done(.failed(reason: "the server's answer is not an image\(sentAs)"))
        }
        guard let checksum = sink.checksum() else {
            folder.discard(part)
            return .done(.failed(reason: FileChecksum.failure))
        }
        return .received(Received(part: part, fileExtension: fileExtension, bytes: received, checksum: checksum))
    }
}

/// The temporary file a transfer's sink made, for the transfer's caller to name or discard, or
/// why it could not make one.
final class CreatedPart: Sendable {
    struct State {
        var part: (path: String, descriptor: Int32)?
        var failure: String?
    }
    let state = Mutex(State())
}
