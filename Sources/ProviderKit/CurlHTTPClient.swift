import CCurl
import Foundation

/// The live ``HTTPClient``, on libcurl's easy interface.
///
/// Each transfer runs on a Dispatch worker so the cooperative pool is never blocked.
public struct CurlHTTPClient: HTTPClient {
    /// The `User-Agent` sent with every request.
    public let userAgent: String

    /// Creates a client; call once per process.
    public init(userAgent: String) {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        self.userAgent = userAgent
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let agent = userAgent
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try CurlTransfer(request: request, userAgent: agent).perform() })
            }
        }
    }
}

/// A failed transfer, described in words.
public struct HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    public var description: String { message }
}

/// One blocking libcurl transfer; its buffers live only as long as the call.
private final class CurlTransfer {
    let request: HTTPRequest
    let userAgent: String
    var body = Data()
    var headers: [String: String] = [:]
    var overflowed = false

    init(request: HTTPRequest, userAgent: String) {
        self.request = request
        self.userAgent = userAgent
    }

    func perform() throws -> HTTPResponse {
        guard let handle = curl_easy_init() else { throw HTTPClientError(message: "could not start libcurl") }
        defer { curl_easy_cleanup(handle) }
        var headerList: UnsafeMutablePointer<curl_slist>?
        for header in request.headers {
            headerList = curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        defer { curl_slist_free_all(headerList) }

        let timeoutMs =
            Int(request.timeout.components.seconds * 1000)
            + Int(request.timeout.components.attoseconds / 1_000_000_000_000_000)
        _ = vf_easy_setopt_string(handle, CURLOPT_URL, request.url.absoluteString)
        _ = vf_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method)
        _ = vf_easy_setopt_string(handle, CURLOPT_USERAGENT, userAgent)
        _ = vf_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        _ = vf_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        _ = vf_easy_setopt_long(handle, CURLOPT_MAXREDIRS, 10)
        _ = vf_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = vf_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, max(timeoutMs, 1))
        _ = vf_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)
        if request.method == "HEAD" { _ = vf_easy_setopt_long(handle, CURLOPT_NOBODY, 1) }

        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = vf_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = vf_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = vf_easy_setopt_write_callback(handle) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            guard transfer.body.count + length <= transfer.request.maxResponseBytes else {
                transfer.overflowed = true
                return 0
            }
            transfer.body.append(UnsafeRawPointer(data!).assumingMemoryBound(to: UInt8.self), count: length)
            return length
        }
        _ = vf_easy_setopt_header_callback(handle) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
            if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                transfer.headers[name] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespacesAndNewlines)
            }
            return length
        }

        let result: CURLcode = withExtendedLifetime(self) {
            request.body.map { body in
                body.withUnsafeBytes { bytes in
                    _ = vf_easy_setopt_long(handle, CURLOPT_POSTFIELDSIZE, bytes.count)
                    _ = vf_easy_setopt_pointer(
                        handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                    return curl_easy_perform(handle)
                }
            } ?? curl_easy_perform(handle)
        }
        if overflowed {
            throw HTTPClientError(
                message:
                    "response from \(request.url.host ?? "server") is larger than \(request.maxResponseBytes) bytes")
        }
        guard result == CURLE_OK else {
            let reason = String(cString: curl_easy_strerror(result))
            throw HTTPClientError(message: "request to \(request.url.host ?? "server") failed: \(reason)")
        }
        var status = 0
        _ = vf_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(status: status, headers: headers, body: body)
    }
}
