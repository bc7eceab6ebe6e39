import Foundation
import ProviderKit

/// Flickr's licence ids, as `flickr.photos.licenses.getInfo` lists them, in the shared catalogue.
enum FlickrLicenses {
    static let all: [Int: License] = [
        0: LicenseCatalog.allRightsReserved,
        1: cc("by-nc-sa", "2.0"),
        2: cc("by-nc", "2.0"),
        3: cc("by-nc-nd", "2.0"),
        4: cc("by", "2.0"),
        5: cc("by-sa", "2.0"),
        6: cc("by-nd", "2.0"),
        7: LicenseCatalog.noKnownCopyright,
        8: LicenseCatalog.usGovernmentWork,
        9: LicenseCatalog.cc0,
        10: LicenseCatalog.publicDomainMark,
        11: cc("by", "4.0"),
        12: cc("by-sa", "4.0"),
        13: cc("by-nd", "4.0"),
        14: cc("by-nc", "4.0"),
        15: cc("by-nc-sa", "4.0"),
        16: cc("by-nc-nd", "4.0"),
    ]

    /// The licence for a Flickr id; an id Flickr added after this list is `unknown`, not guessed.
    static func license(id: Int) -> License {
        all[id] ?? License(name: "Flickr licence \(id)")
    }

    private static func cc(_ code: String, _ version: String) -> License {
        LicenseCatalog.creativeCommons(code: code, version: version) ?? LicenseCatalog.unknown
    }
}
