import CCurl
import Foundation

/// Turns libcurl result codes into ``HTTPClientError``s that say what happened.
enum CurlErrors {
    static func error(for code: CURLcode, transfer: CurlTransfer) -> HTTPClientError {
        let error = unredactedError(for: code, transfer: transfer)
        return HTTPClientError(error.kind, transfer.request.redactor.redact(error.message))
    }

    private static func unredactedError(for code: CURLcode, transfer: CurlTransfer) -> HTTPClientError {
        let request = transfer.request
        let target = request.redactedDescription
        if let problem = urlProblem(request.url) { return HTTPClientError(.other, "\(target): \(problem)") }
        let host = hostText(request.url)
        if transfer.didOverflow || code == CURLE_FILESIZE_EXCEEDED {
            return HTTPClientError(
                .responseTooLarge,
                "\(target): the response is larger than \(byteCount(request.maxResponseBytes)), the most this request accepts"
            )
        }
        if let problem = transfer.fileProblem { return HTTPClientError(.fileSystem, "\(target): \(problem)") }
        if transfer.sentTooLargeHeaders || code == CURLE_OUT_OF_MEMORY {
            // libcurl says "out of memory" for one header line longer than it takes (100 KB).
            let limit = "\(CurlTransfer.maximumHeaderBytes >> 10) KB"
            return HTTPClientError(
                .responseTooLarge,
                "\(target): the response's headers are larger than \(limit) (or a header line longer than libcurl "
                    + "takes); not an answer an API or image host sends")
        }
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST:
            return HTTPClientError(
                .cannotResolveHost, "could not resolve host \(host); check the address and your network")
        case CURLE_COULDNT_RESOLVE_PROXY:
            return HTTPClientError(
                .cannotResolveHost, "could not resolve the proxy host; check the *_proxy environment variables")
        case CURLE_COULDNT_CONNECT:
            let port = request.url.port.map { ":\($0)" } ?? ""
            return HTTPClientError(
                .connectionRefused, "could not connect to \(host)\(port) (connection refused or unreachable)")
        case CURLE_OPERATION_TIMEDOUT:
            // One code for the low-speed limit, connecting and the whole timeout: libcurl's words tell.
            if let stall = request.stallTimeout, transfer.wasTooSlow {
                return HTTPClientError(
                    .stalled, "\(target): no data arrived for \(CurlTransfer.wholeSeconds(stall)) s")
            }
            return HTTPClientError(.timedOut, "\(target) timed out after \(seconds(request.timeout))")
        case CURLE_TOO_MANY_REDIRECTS:
            return HTTPClientError(
                .tooManyRedirects, "\(target): more than \(request.maxRedirects) redirects (a redirect loop?)")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE,
            CURLE_USE_SSL_FAILED:
            // The certificate's exact problem (self-signed, expired, another host's) is in libcurl's words.
            return HTTPClientError(.tls, "TLS with \(host) failed: \(transfer.failureDetail ?? describe(code))")
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return HTTPClientError(.connectionLost, "\(target): the connection closed before the response was complete")
        case CURLE_BAD_CONTENT_ENCODING:
            return HTTPClientError(.other, "\(target): the response's compressed body is corrupt")
        default:
            return HTTPClientError(.other, "\(target) failed: \(describe(code))")
        }
    }

    /// What makes `url` one no request can be sent to, in words: no host (`http:///x.jpg`), or a
    /// scheme other than http and https; `nil` when it has neither problem.
    static func urlProblem(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "the URL is not an http or https address"
        }
        guard let host = url.host, !host.isEmpty else { return "the URL names no host (nothing between // and /)" }
        return nil
    }

    /// The URL's host as people write it in an address: an IPv6 address in brackets (`[::1]`).
    static func hostText(_ url: URL) -> String {
        guard let host = url.host, !host.isEmpty else { return "the server" }
        return host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// libcurl's words for `code`, or the bare number if it has none.
    static func describe(_ code: CURLcode) -> String {
        guard let text = vf_curl_easy_strerror(code) else { return "libcurl error \(code.rawValue)" }
        return String(cString: text)
    }

    static func seconds(_ duration: Duration) -> String {
        let ms = duration.wholeMilliseconds
        return ms % 1000 == 0 ? "\(ms / 1000) s" : "\(Double(ms) / 1000) s"
    }

    static func byteCount(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
