import Foundation
import ProviderKit

/// The rights statements a file makes about itself, as written, and the licence they name.
package struct ImageRights: Sendable, Equatable {
    /// XMP dc:rights, else IPTC CopyrightNotice (2:116), else EXIF Copyright.
    package var copyright: String?
    /// XMP xmpRights:UsageTerms: how the work may be used, often the licence by name.
    package var usageTerms: String?
    /// XMP cc:license: the licence's URL.
    package var licenseURL: String?
    /// XMP xmpRights:WebStatement: a page about the rights, often the licence's URL.
    package var webStatement: String?
    /// XMP xmpRights:Marked: `true` for a rights-managed work, `false` for the public domain.
    package var marked: Bool?

    /// No statements at all.
    package init() {}

    /// Whether the file states nothing about its rights.
    package var isEmpty: Bool {
        copyright == nil && usageTerms == nil && licenseURL == nil && webStatement == nil && marked == nil
    }

    /// The longest rights text kept as an unknown licence's name.
    static let maximumNameLength = 200

    /// The licence the statements name, through ProviderKit's `LicenseCatalog`: a licence URL
    /// (cc:license, the web statement, or one written in the texts), else a licence named by the
    /// whole of a text ("CC BY 4.0", "CC0") or inside it ("… licensed under CC BY-SA 4.0").
    /// Anything else is `unknown`, never guessed, named by its rights text; `nil` when the file
    /// states nothing.
    package var license: License? {
        guard !isEmpty else { return nil }
        let texts = [usageTerms, copyright].compactMap { $0 }
        let urls = [licenseURL, webStatement].compactMap { $0 } + texts.flatMap(Self.urls(in:))
        for text in urls {
            if let url = URL(string: text), let known = LicenseCatalog.license(url: url) { return known }
        }
        for text in texts {
            if let known = LicenseCatalog.license(named: text) ?? Self.creativeCommonsName(in: text) { return known }
        }
        let page = (licenseURL ?? webStatement).flatMap { URL(string: $0) }.flatMap { url in
            ["http", "https"].contains(url.scheme?.lowercased() ?? "") ? url : nil
        }
        let name = (texts.first.map { String($0.prefix(Self.maximumNameLength)) }) ?? LicenseCatalog.unknown.name
        return License(name: name, url: page)
    }

    /// The http(s) URLs written inside `text`.
    private static func urls(in text: String) -> [String] {
        let separates: (Character) -> Bool = {
            $0.isWhitespaceASCIIFirst || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "(" || $0 == ")"
        }
        return text.split(whereSeparator: separates)
            .filter { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
            .map { trimmed($0, of: ".,;") }
    }

    /// A Creative Commons licence named inside `text`: "CC0", or "CC" followed by its terms and
    /// version ("CC BY-SA 4.0", "CC-BY-NC 2.0").
    private static func creativeCommonsName(in text: String) -> License? {
        let separates: (Character) -> Bool = {
            $0.isWhitespaceASCIIFirst || $0 == "," || $0 == ";" || $0 == "(" || $0 == ")"
        }
        let words = text.split(whereSeparator: separates).map { trimmed($0, of: ".:") }
        for (index, word) in words.enumerated() where word.lowercased().hasPrefix("cc") {
            for length in (1...3).reversed() where index + length <= words.count {
                let name = Self.spaced(words[index..<index + length])
                if let known = LicenseCatalog.license(named: name) { return known }
            }
        }
        return nil
    }

    /// `words` with a space between each two. Not `joined(separator:)`: generic over the slice,
    /// its first call asked the runtime to scan every conformance in the binary (0.07 ms).
    private static func spaced(_ words: ArraySlice<String>) -> String {
        var text = ""
        for (position, word) in words.enumerated() {
            if position > 0 { text += " " }
            text += word
        }
        return text
    }

    /// `word` without any of `marks` at either end. Not Foundation's `trimmingCharacters(in:)`,
    /// which bridges through `NSString`: a third of a local search's CPU for its photos' rights.
    private static func trimmed(_ word: Substring, of marks: String) -> String {
        var kept = word
        while let first = kept.first, marks.contains(first) { kept.removeFirst() }
        while let last = kept.last, marks.contains(last) { kept.removeLast() }
        return String(kept)
    }
}
