import CCurl
import Foundation

/// One transfer: its libcurl easy handle, where its body goes, and who waits for it.
///
/// Created on the caller's thread; from submission on, touched only by the loop thread.
final class CurlTransfer: @unchecked Sendable {
    /// Where the body goes.
    enum Sink {
        case memory
        case stream(any HTTPBodySink)

        /// Whether a successful body is written out rather than kept.
        var goesToFile: Bool {
            if case .memory = self { false } else { true }
        }
    }

    let easy: UnsafeMutableRawPointer
    let request: HTTPRequest
    /// The request's URL as sent; an answer from the same URL reuses `request.url` instead of parsing it again.
    private let urlString: String
    var cancelRequested = false
    /// Whether libcurl ended the transfer without an error: only then is its handle kept for another.
    private var endedNormally = false
    /// When the transfer was made: its running time is measured from here.
    let started = ContinuousClock.now

    private let sink: Sink
    private let progress: (@Sendable (Int64, Int64?) -> Void)?
    private var continuation: UnsafeContinuation<HTTPResponse, any Error>?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body = Data()
    /// Room for a usual response's header lines (nginx sends 8, APIs 10–20), so the dictionary
    /// does not regrow line by line.
    private var headers = [String: String](minimumCapacity: 24)
    private var received: Int64 = 0
    private var overflowed = false
    private var headerBytes = 0
    private var headersTooLarge = false
    /// `Content-Length` once read (`.some(nil)`: none); reset by a new response.
    private var declaredLengthCache: Int64??
    /// Why the sink stopped the transfer (a failed write), in words.
    private var fileError: String?
    /// libcurl's words for the last failure (`CURLOPT_ERRORBUFFER`): what tells its timeouts apart.
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    /// Makes the easy handle; throws when libcurl cannot (out of memory), never traps.
    init(request: HTTPRequest, userAgent: String, sink: Sink, progress: (@Sendable (Int64, Int64?) -> Void)?)
        throws
    {
        guard let easy = EasyHandles.take() else {
            throw HTTPClientError(
                .other, "\(request.redactedDescription): libcurl could not start a transfer (out of memory?)")
        }
        self.easy = easy
        self.request = request
        urlString = request.url.absoluteString
        self.sink = sink
        self.progress = progress
        try configure(userAgent: userAgent)
    }

    deinit {
        if endedNormally { EasyHandles.give(easy) } else { vf_curl_easy_cleanup(easy) }
        errorBuffer.deallocate()
        vf_curl_slist_free_all(headerList)
    }

    /// Sets the continuation to resume when the transfer ends; call before submitting. It is
    /// resumed once: ``finish(_:)`` clears it.
    func onCompletion(_ continuation: UnsafeContinuation<HTTPResponse, any Error>) {
        self.continuation = continuation
    }

    private func configure(userAgent: String) throws {
        let milliseconds = { (duration: Duration) in max(1, Int(duration.wholeMilliseconds)) }
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        _ = vf_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        _ = vf_easy_setopt_string(easy, CURLOPT_URL, urlString)
        _ = vf_easy_setopt_string(easy, CURLOPT_USERAGENT, userAgent)
        // API answers: every encoding libcurl decodes. Files (images, compressed already) are
        // asked for as they are (`Accept-Encoding: identity`, and libcurl decodes nothing): a
        // compressed stream cut short before its trailer passes libcurl's decoder unnoticed,
        // while the bytes as sent are checked against Content-Length (and a compressed body
        // sent anyway is no image, and is refused).
        if !sink.goesToFile { _ = vf_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "") }
        _ = vf_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = vf_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = vf_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        _ = vf_easy_setopt_long(easy, CURLOPT_MAXREDIRS, request.maxRedirects)
        _ = vf_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = vf_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, milliseconds(request.timeout))
        _ = vf_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(request.connectTimeout))
        if let stall = request.stallTimeout {
            _ = vf_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
            _ = vf_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, Self.wholeSeconds(stall))
        }
        _ = vf_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxResponseBytes))
        if sink.goesToFile {
            // Files are large: bigger reads mean fewer callbacks and writes (libcurl's default is 16 KB).
            _ = vf_easy_setopt_long(easy, CURLOPT_BUFFERSIZE, Self.fileBufferSize)
        }
        switch request.method {
        case "GET": break
        case "HEAD": _ = vf_easy_setopt_long(easy, CURLOPT_NOBODY, 1)
        default: _ = vf_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method)
        }
        if let body = request.body {
            _ = vf_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { bytes in
                _ = vf_easy_setopt_pointer(
                    easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
        }
        let identity = sink.goesToFile ? [(name: "Accept-Encoding", value: "identity")] : []
        for header in request.headers.map({ (name: $0.name, value: $0.value) }) + identity {
            guard let appended = vf_curl_slist_append(headerList, "\(header.name): \(header.value)") else {
                throw HTTPClientError(
                    .other, "\(request.redactedDescription): libcurl could not add a request header (out of memory?)")
            }
            headerList = appended
        }
        _ = vf_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList)

        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = vf_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        _ = vf_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        _ = vf_easy_setopt_write_callback(easy) { data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count))
        }
        _ = vf_easy_setopt_header_callback(easy) { data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            // Anything but the count given stops the transfer: headers past the limit.
            return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
    }

    /// The most bytes of header lines one response may send: servers send a few KB; past this
    /// the answer is not an API's or an image host's, and holding it would only cost memory.
    static let maximumHeaderBytes = 64 << 10

    /// One header line, parsed as bytes: the name lower-cased in ASCII, the value without the
    /// white space around it; one string made for each (this runs for every line of every response).
    /// `false` when the response's header lines pass ``maximumHeaderBytes``.
    private func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.starts(with: Self.statusLinePrefix) {
            headers.removeAll(keepingCapacity: true)  // a new response (after a redirect or a 100 Continue)
            declaredLengthCache = nil
            headerBytes = bytes.count
            return true
        }
        headerBytes += bytes.count
        guard headerBytes <= Self.maximumHeaderBytes else {
            headersTooLarge = true
            return false
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return true }
        let name = String(unsafeUninitializedCapacity: colon) { output in
            for index in 0..<colon {
                let byte = bytes[index]
                output[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            }
            return colon
        }
        var start = colon + 1
        var end = bytes.count
        while start < end, Self.isSpace(bytes[start]) { start += 1 }
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        headers[name] = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return true
    }

    private static let statusLinePrefix = Array("HTTP/".utf8)

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    private func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard received + Int64(bytes.count) <= Int64(request.maxResponseBytes) else {
            overflowed = true
            return 0
        }
        received += Int64(bytes.count)
        let succeeded = status() / 100 == 2
        switch sink {
        case .stream(let target) where succeeded:
            if let problem = target.write(bytes) {
                fileError = problem
                return 0
            }
        case .memory:
            if body.isEmpty, let declared = declaredLength, declared > 0 {
                // One buffer, no regrowth copies.
                body.reserveCapacity(Int(min(declared, Int64(request.maxResponseBytes))))
            }
            body.append(contentsOf: bytes)
        case .stream:
            // An error page instead of the file: keep its start for the message, not a huge body.
            if body.count < Self.errorBodyLimit {
                body.append(contentsOf: bytes.prefix(Self.errorBodyLimit - body.count))
            }
        }
        progress?(received, declaredLength)
        return bytes.count
    }

    /// `duration` in whole seconds, rounded up, at least one (what libcurl's low-speed time takes).
    static func wholeSeconds(_ duration: Duration) -> Int {
        max(1, Int((duration.wholeMilliseconds + 999) / 1000))
    }

    /// libcurl's receive buffer for downloads to files.
    private static let fileBufferSize = 256 << 10

    /// How much of an error page a download keeps.
    private static let errorBodyLimit = 64 << 10

    /// The final response's `Content-Length`, when it has a valid one.
    private var declaredLength: Int64? {
        if let cached = declaredLengthCache { return cached }
        let value = headers["content-length"].flatMap(Int64.init).flatMap { $0 >= 0 ? $0 : nil }
        declaredLengthCache = .some(value)
        return value
    }

    private func status() -> Int {
        var code = 0
        _ = vf_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    /// Ends the transfer with libcurl's result code.
    func finish(result: CURLcode) {
        if result != CURLE_OK {
            finish(.failure(CurlErrors.error(for: result, transfer: self)))
            return
        }
        endedNormally = true
        let status = status()
        var effective: UnsafeMutablePointer<CChar>?
        _ = withUnsafeMutablePointer(to: &effective) { vf_easy_getinfo_pointer(easy, CURLINFO_EFFECTIVE_URL, $0) }
        let finalURL = effective.flatMap { answered in
            strcmp(answered, urlString) == 0 ? request.url : URL(string: String(cString: answered))
        }
        finish(
            .success(
                HTTPResponse(
                    status: status, headers: headers, body: body, url: finalURL, redactor: request.redactor,
                    receivedLength: received)))
    }

    /// Tells a streamed body's sink that an attempt starts (on the loop thread, where the sink
    /// may do file work); a reason when it cannot.
    func restartSink() -> String? {
        guard case .stream(let body) = sink else { return nil }
        return body.restart()
    }

    /// Resumes the waiting caller once (the transfer itself may be released later, on another thread).
    func finish(_ outcome: Result<HTTPResponse, any Error>) {
        continuation?.resume(with: outcome)
        continuation = nil
    }

    /// Which connections the transfer can reuse (``CurlLoopChoice/origin(of:)``).
    var origin: String { CurlLoopChoice.origin(of: urlString) }

    var didOverflow: Bool { overflowed }
    /// Whether libcurl ended the transfer for its low-speed limit (``HTTPRequest/stallTimeout``),
    /// not for a connect or whole timeout, which it reports with the same code.
    var wasTooSlow: Bool { String(cString: errorBuffer).hasPrefix("Operation too slow") }

    /// libcurl's own account of the last failure, more exact than its code's description
    /// ("SSL certificate problem: self-signed certificate"); `nil` when it wrote none.
    var failureDetail: String? {
        let text = String(cString: errorBuffer)
        return text.isEmpty ? nil : text
    }
    var sentTooLargeHeaders: Bool { headersTooLarge }
    var fileProblem: String? { fileError }
}
