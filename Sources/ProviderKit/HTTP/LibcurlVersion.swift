import CCurl

extension CurlHTTPClient {
    /// `libcurl/VERSION`: the library these requests are sent with.
    package func userAgentProduct() async -> String? { "libcurl/\(await Self.libcurlVersion())" }

    /// The version of the libcurl this program runs with, e.g. `8.14.1`: for `User-Agent`
    /// headers that name the library, as Wikimedia's User-Agent policy asks. Loads libcurl
    /// when no one has yet; `unknown` when it cannot be loaded (its requests then fail anyway).
    package static func libcurlVersion() async -> String {
        do throws(HTTPClientError) {
            try await CurlLibrary.ready()
        } catch {
            return "unknown"
        }
        return loadedVersion
    }

    /// Read once, when first asked after libcurl is loaded.
    private static let loadedVersion: String = {
        // curl_version() reads "libcurl/8.14.1 OpenSSL/3.5.1 zlib/1.3.1 …".
        guard let text = vf_curl_version() else { return "unknown" }
        let first = String(cString: text).split(separator: " ").first ?? ""
        return first.hasPrefix("libcurl/") ? String(first.dropFirst("libcurl/".count)) : "unknown"
    }()
}
