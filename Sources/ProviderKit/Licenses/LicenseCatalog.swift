import Foundation
import Synchronization

/// Every licence Viewfinder knows, with its facts, and the lookups providers use to map their own
/// licence fields into them. A licence not found here stays `unknown`: nothing is guessed.
public enum LicenseCatalog {
    /// A licence the source did not name or Viewfinder does not recognise.
    public static let unknown = License(name: "Unknown")

    /// All rights reserved: no use without the owner's permission.
    public static let allRightsReserved = License(
        id: "all-rights-reserved", name: "All Rights Reserved", allowsCommercialUse: false, allowsModification: false)

    /// Creative Commons' public-domain dedication.
    public static let cc0 = License(
        id: "CC0-1.0", name: "CC0 1.0", url: URL(string: "https://creativecommons.org/publicdomain/zero/1.0/"),
        allowsCommercialUse: true, allowsModification: true, requiresAttribution: false)

    /// Creative Commons' Public Domain Mark: a work already free of known copyright.
    public static let publicDomainMark = License(
        id: "PDM-1.0", name: "Public Domain Mark 1.0",
        url: URL(string: "https://creativecommons.org/publicdomain/mark/1.0/"), allowsCommercialUse: true,
        allowsModification: true, requiresAttribution: false)

    /// Flickr Commons' "No known copyright restrictions": free to use, but the institutions ask
    /// users to check, so whether credit is owed stays unknown.
    public static let noKnownCopyright = License(
        id: "no-known-copyright", name: "No known copyright restrictions",
        url: URL(string: "https://www.flickr.com/commons/usage/"), allowsCommercialUse: true,
        allowsModification: true)

    /// A work of the United States federal government, in the public domain in the US.
    public static let usGovernmentWork = License(
        id: "us-gov-work", name: "United States Government Work",
        url: URL(string: "https://www.usa.gov/government-copyright"), allowsCommercialUse: true,
        allowsModification: true, requiresAttribution: false)

    /// The Unsplash License: free for commercial use and modification, no credit required.
    public static let unsplash = stock("unsplash", "Unsplash License", "https://unsplash.com/license")
    /// The Pexels License: free for commercial use and modification, no credit required.
    public static let pexels = stock("pexels", "Pexels License", "https://www.pexels.com/license/")
    /// The Pixabay Content License: free for commercial use and modification, no credit required.
    public static let pixabay = stock(
        "pixabay", "Pixabay Content License", "https://pixabay.com/service/license-summary/")

    /// The Creative Commons licence codes, as in their URLs and Openverse (`by-nc-sa`).
    public static let creativeCommonsCodes = ["by", "by-sa", "by-nd", "by-nc", "by-nc-sa", "by-nc-nd"]
    /// The Creative Commons licence versions.
    public static let creativeCommonsVersions = ["1.0", "2.0", "2.5", "3.0", "4.0"]

    /// Every licence in the catalogue except `unknown`.
    public static let all: [License] =
        [cc0, publicDomainMark, noKnownCopyright, usGovernmentWork, unsplash, pexels, pixabay, allRightsReserved]
        + creativeCommonsVersions.flatMap { version in
            creativeCommonsCodes.compactMap { creativeCommons(trimmedCode: $0, version: version) }
        }

    private static let byID: [String: License] = Dictionary(
        all.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

    /// The licence with this SPDX or named id (case-insensitive), or `nil`.
    public static func license(id: String) -> License? {
        byID[id.trimmingWhitespace(newlines: false).lowercased()]
    }

    /// A Creative Commons licence from its code and version, as Openverse gives them (`by-sa` +
    /// `4.0`, `cc0` + `1.0`, `pdm`); `nil` for an unknown code or version.
    public static func creativeCommons(code: String, version: String?) -> License? {
        creativeCommons(
            trimmedCode: code.trimmingWhitespace(newlines: false).lowercased(),
            version: version?.trimmingWhitespace(newlines: false))
    }

    /// ``creativeCommons(code:version:)`` for a code and version already trimmed and in lower
    /// case: the catalogue's own, built at first use without Foundation's trimming (a fifth of
    /// building it, on the way to a local search's first photo).
    private static func creativeCommons(trimmedCode code: String, version: String?) -> License? {
        switch code {
        case "cc0": return version == nil || version == "1.0" ? cc0 : nil
        case "pdm": return version == nil || version == "1.0" ? publicDomainMark : nil
        default:
            guard creativeCommonsCodes.contains(code), let version, creativeCommonsVersions.contains(version) else {
                return nil
            }
            let terms = code.split(separator: "-")  // not `String.contains`: Foundation's, through NSString
            let spdx = "CC-" + code.uppercased() + "-" + version
            let name = "CC " + code.uppercased() + " " + version
            // Version 1.0 of NonCommercial-NoDerivs was published at `by-nd-nc`.
            let path = code == "by-nc-nd" && version == "1.0" ? "by-nd-nc" : code
            return License(
                id: spdx, name: name, url: URL(string: "https://creativecommons.org/licenses/\(path)/\(version)/"),
                allowsCommercialUse: !terms.contains("nc"), allowsModification: !terms.contains("nd"),
                requiresAttribution: true)
        }
    }

    /// The words of a licence's name as people write it, in lower case: spaces, hyphens and
    /// underscores all part words (`CC BY-SA 4.0` and `cc_by_sa_4.0` are the same words).
    static func nameWords(_ name: String) -> [Substring] {
        name.lowercased().split(whereSeparator: { $0.isWhitespaceASCIIFirst || $0 == "-" || $0 == "_" })
    }

    /// A licence from its short name as people write it: "CC BY-SA 4.0", "CC-BY-SA-4.0",
    /// "CC0", "Public domain", "Public Domain Mark 1.0", "All Rights Reserved"; `nil` otherwise.
    ///
    /// The aliases and the Creative Commons pattern come before the catalogue's ids, and the ids
    /// left (every Creative Commons id fits the pattern) are the few others, each built only when
    /// named: the first look-up by id builds all 38 licences, which a local search's first photo
    /// waited for whenever its rights text was not a licence's name ("CC0 1.0 (public domain
    /// dedication)", "© Jane Doe"). Where they overlap, they give the same licence.
    public static func license(named name: String) -> License? {
        let words = nameWords(name)
        let key = words.joinedText(separator: "-")
        if let alias = namedAliases[key] { return alias }
        if words.count >= 3, words[0] == "cc", let version = words.last,
            let licence = namedCreativeCommons(key: key, words: words, version: String(version))
        {
            return licence
        }
        return otherLicense(id: key)
    }

    /// The catalogue's licence with this id in lower case, for the ids outside the Creative
    /// Commons pattern.
    private static func otherLicense(id: String) -> License? {
        switch id {
        case "cc0-1.0": cc0
        case "pdm-1.0": publicDomainMark
        case "no-known-copyright": noKnownCopyright
        case "us-gov-work": usGovernmentWork
        case "unsplash": unsplash
        case "pexels": pexels
        case "pixabay": pixabay
        case "all-rights-reserved": allRightsReserved
        default: nil
        }
    }

    /// The Creative Commons licences found by name so far, by their words joined (`cc-by-4.0`):
    /// each is built once however many photos name it. Only licences that exist are kept, so
    /// there are never more than the catalogue's 32.
    private static let creativeCommonsByName = Mutex<[String: License]>([:])

    /// The Creative Commons licence `words` name (`cc`, the code's words, `version`), from
    /// ``creativeCommonsByName`` or made and kept there; `nil` when there is none.
    private static func namedCreativeCommons(key: String, words: [Substring], version: String) -> License? {
        if let known = creativeCommonsByName.withLock({ $0[key] }) { return known }
        guard
            let licence = creativeCommons(
                code: words.dropFirst().dropLast().joinedText(separator: "-"), version: version)
        else { return nil }
        creativeCommonsByName.withLock { $0[key] = licence }
        return licence
    }

    private static let namedAliases: [String: License] = [
        "cc0": cc0, "cc0-1.0": cc0, "cc-zero": cc0, "public-domain-dedication": cc0,
        "public-domain-dedication-(cc0)": cc0,
        "pdm": publicDomainMark, "public-domain": publicDomainMark, "public-domain-mark": publicDomainMark,
        "public-domain-mark-1.0": publicDomainMark,
        "no-known-copyright-restrictions": noKnownCopyright,
        "united-states-government-work": usGovernmentWork,
        "unsplash-license": unsplash, "pexels-license": pexels, "pixabay-license": pixabay,
        "pixabay-content-license": pixabay,
    ]

    /// A licence from its URL: a Creative Commons deed or legal code
    /// (`https://creativecommons.org/licenses/by/2.0/`, `…/publicdomain/zero/1.0/legalcode`) or
    /// another catalogue licence's page; `nil` for anything else, including ported CC licences.
    public static func license(url: URL) -> License? {
        guard let host = url.host?.lowercased() else { return nil }
        let path = url.path.split(separator: "/").map { $0.lowercased() }
        if host == "creativecommons.org" || host == "www.creativecommons.org" {
            var parts = path
            if let last = parts.last, last.hasPrefix("legalcode") || last.hasPrefix("deed") { parts.removeLast() }
            guard parts.count == 3 else { return nil }
            switch (parts[0], parts[1]) {
            case ("publicdomain", "zero"): return creativeCommons(code: "cc0", version: parts[2])
            case ("publicdomain", "mark"): return creativeCommons(code: "pdm", version: parts[2])
            case ("licenses", "by-nd-nc"): return creativeCommons(code: "by-nc-nd", version: parts[2])
            case ("licenses", let code): return creativeCommons(code: code, version: parts[2])
            default: return nil
            }
        }
        let key = pageKey(host: host, path: path)
        return all.first { candidate in
            candidate.url.flatMap { known in
                known.host.map { pageKey(host: $0, path: known.path.split(separator: "/")) }
            }
                == key
        }
    }

    /// A URL's licence with a text fallback: the catalogue entry for the URL when there is one,
    /// else for the name (which may itself be a licence URL), else `unknown` keeping the name as
    /// written and the URL.
    public static func resolve(name: String?, url: URL?) -> License? {
        if let url, let known = license(url: url) { return known }
        if url == nil, let name, let written = URL(string: name.trimmingWhitespace()),
            ["http", "https"].contains(written.scheme?.lowercased() ?? ""), let known = license(url: written)
        {
            return known
        }
        if let name, let known = license(named: name) { return known }
        guard let name = name?.trimmingWhitespace(), !name.isEmpty else {
            return url.map { License(name: LicenseCatalog.unknown.name, url: $0) }
        }
        return License(name: name, url: url)
    }

    private static func pageKey(host: String, path: [some StringProtocol]) -> String {
        let host = host.lowercased().hasPrefix("www.") ? String(host.lowercased().dropFirst(4)) : host.lowercased()
        return ([host] + path.map { $0.lowercased() }).joinedText(separator: "/")
    }

    private static func stock(_ id: String, _ name: String, _ url: String) -> License {
        License(
            id: id, name: name, url: URL(string: url), allowsCommercialUse: true, allowsModification: true,
            requiresAttribution: false)
    }
}
