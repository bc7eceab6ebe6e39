import Foundation
import ProviderKit

/// Reads the HTML snippets Commons puts in `extmetadata`: the text a person would see, the first
/// link, and the machine-readable date of a `<time datetime="…">`.
enum CommonsHTMLText {
    /// The visible text: tags dropped (a `<br>` or block end becomes a space), entities decoded,
    /// white space collapsed; `nil` when nothing is left.
    static func plainText(_ html: String) -> String? {
        var text = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else {
                rest = rest[rest.endIndex...]
                break
            }
            let name = rest[rest.index(after: open)..<close].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
            if blockTags.contains(name.lowercased()) { text += " " }  // <br>, </p>: words stay apart
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        let words = decodeEntities(text).split(whereSeparator: \.isWhitespaceASCIIFirst)
        return words.isEmpty ? nil : words.joinedText(separator: " ")
    }

    private static let blockTags: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "td", "th", "table", "h1", "h2", "h3", "h4",
        "h5", "h6", "hr",
    ]

    /// The first `href` in `html`, as an absolute https URL: protocol-relative `//host/…` and
    /// site-relative `/wiki/…` (against `base`) links are completed; other schemes are ignored.
    static func firstLink(_ html: String, base: URL?) -> URL? {
        guard let raw = attribute("href", in: html) else { return nil }
        let href = decodeEntities(raw).trimmingCharacters(in: .whitespaces)
        let absolute: String
        if href.hasPrefix("//") {
            absolute = "https:" + href
        } else if href.hasPrefix("/"), let base, let scheme = base.scheme, let host = base.host {
            absolute = "\(scheme)://\(host)\(href)"
        } else {
            absolute = href
        }
        guard let url = URL(string: absolute), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host != nil
        else { return nil }
        return url
    }

    /// The `datetime` attribute of the first `<time>` element, if any.
    static func timeAttribute(_ html: String) -> String? {
        guard let start = html.range(of: "<time", options: .caseInsensitive) else { return nil }
        return attribute("datetime", in: String(html[start.lowerBound...]))
    }

    /// The value of the first `name="…"` (or `'…'`) attribute in `html`.
    static func attribute(_ name: String, in html: String) -> String? {
        var search = html[...]
        while let found = search.range(of: name + "=", options: .caseInsensitive) {
            defer { search = search[found.upperBound...] }
            let before = found.lowerBound == search.startIndex ? " " : search[search.index(before: found.lowerBound)]
            guard before.isWhitespaceASCIIFirst, let quote = search[found.upperBound...].first,
                quote == "\"" || quote == "'"
            else { continue }
            let valueStart = search.index(after: found.upperBound)
            guard let valueEnd = search[valueStart...].firstIndex(of: quote) else { return nil }
            return String(search[valueStart..<valueEnd])
        }
        return nil
    }

    /// `&amp;`, `&lt;`, `&#39;`, `&#x2014;` and the other common entities decoded; unknown ones kept.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest.index(after: amp)
            if let semicolon = rest[after...].prefix(10).firstIndex(of: ";"),
                let decoded = entity(rest[after..<semicolon])
            {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[after...]
            }
        }
        return result + rest
    }

    private static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "copy": "©", "hellip": "…",
    ]

    private static func entity(_ name: Substring) -> String? {
        if let known = named[name] { return known }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let code: UInt32? =
            digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let code, code != 0, let scalar = Unicode.Scalar(code) else { return nil }
        return String(Character(scalar))
    }
}
