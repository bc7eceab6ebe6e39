/// The licence filter's words that are not single licences, and the did-you-mean for a word
/// that is nothing the filter knows.
enum LicenseSuggestion {
    /// Words that stand for several licence ids at once: a photo passes with any one of them.
    static let idGroups: [String: [String]] = [
        "public-domain": [
            LicenseCatalog.cc0.id, LicenseCatalog.publicDomainMark.id, LicenseCatalog.noKnownCopyright.id,
            LicenseCatalog.usGovernmentWork.id,
        ]
    ]

    /// `item` in lower case with its spaces and underscores as hyphens: `Public Domain` and
    /// `public_domain` are the group `public-domain` too.
    static func hyphenated(_ item: String) -> String {
        LicenseCatalog.nameWords(item).joinedText(separator: "-")
    }

    /// The closest word the filter accepts to `item` (an id, a group or a name as people write
    /// it), when one is close enough to be what was meant.
    static func nearest(to item: String) -> String? {
        if let family = creativeCommonsFamily(of: item) { return family }
        let written = normalized(item)
        guard !written.isEmpty else { return nil }
        var best: (word: String, distance: Int)?
        for word in candidates {
            let distance = EditDistance.between(normalized(word), written)
            if distance < (best?.distance ?? Int.max) { best = (word, distance) }
        }
        // Two letters off a word of four or more; one off a shorter word (`nc` is not `cc0`).
        let allowed = written.count <= 3 ? 1 : max(2, min(3, written.count / 3))
        guard let best, best.distance <= allowed else { return nil }
        return best.word
    }

    /// `cc-by-fourty`, `CC BY-SA four`: a Creative Commons code with a version that cannot be
    /// read is most likely its current version.
    private static func creativeCommonsFamily(of item: String) -> String? {
        let words = LicenseCatalog.nameWords(item)
        guard words.count >= 3, words[0] == "cc" else { return nil }
        for length in stride(from: words.count - 1, through: 1, by: -1) {
            let code = words[1...length].joinedText(separator: "-")
            if LicenseCatalog.creativeCommonsCodes.contains(code) {
                return LicenseCatalog.creativeCommons(code: code, version: "4.0")?.id
            }
        }
        return nil
    }

    /// What a person may have meant: groups, id groups, `unknown`, every id (the newest Creative
    /// Commons versions first, so `ccby` suggests `CC-BY-4.0`) and the usual short names.
    private static let candidates: [String] =
        SearchFilters.LicenseGroup.allCases.map(\.rawValue) + idGroups.keys.sorted() + ["unknown"]
        + LicenseCatalog.all.map(\.id).reversed() + ["cc0", "pdm"]

    /// Letters and digits only, in lower case: `CC-BY 4.0` and `ccby40` are written alike.
    private static func normalized(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { $0.isASCII && isLetterOrDigit($0) }))
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
