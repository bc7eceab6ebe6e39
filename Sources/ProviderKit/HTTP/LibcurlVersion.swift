import CCurl

extension CurlHTTPClient {
    /// The version of the libcurl this program runs with, e.g. `8.14.1`: for `User-Agent`
    /// headers that name the library, as Wikimedia's User-Agent policy asks.
    public static let libcurlVersion: String = {
        // curl_version() reads "libcurl/8.14.1 OpenSSL/3.5.1 zlib/1.3.1 …".
        guard let text = curl_version() else { return "unknown" }
        let first = String(cString: text).split(separator: " ").first ?? ""
        return first.hasPrefix("libcurl/") ? String(first.dropFirst("libcurl/".count)) : "unknown"
    }()
}
