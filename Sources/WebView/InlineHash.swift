import Foundation
import ProviderKit

/// Content-Security-Policy hashes for the gallery file's inline `<style>` and `<script>`: the
/// template puts each on lines of its own, so the element's text is "\n" + content + "\n".
enum InlineHash {
    /// The policy that lets exactly this style and script run, and images load.
    static func policy(style: String, script: String) -> String {
        "default-src 'none'; img-src data: file: http: https:; style-src '\(sha256(element(style)))'; "
            + "script-src '\(sha256(element(script)))'; base-uri 'none'; form-action 'none'"
    }

    static func element(_ content: String) -> String { "\n" + content + "\n" }

    /// "sha256-<base64 of the digest>".
    static func sha256(_ text: String) -> String {
        let hex = Array(SHA256.hex(text).utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.count / 2)
        for index in stride(from: 0, to: hex.count - 1, by: 2) {
            guard let byte = UInt8(String(decoding: hex[index...index + 1], as: UTF8.self), radix: 16) else { break }
            bytes.append(byte)
        }
        return "sha256-" + Data(bytes).base64EncodedString()
    }
}
