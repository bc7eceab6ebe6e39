import Foundation
import ProviderKit

/// Flickr's licence ids, as `flickr.photos.licenses.getInfo` lists them.
enum FlickrLicenses {
    static let all: [Int: License] = [
        0: License(name: "All Rights Reserved"),
        1: cc("Attribution-NonCommercial-ShareAlike License", "licenses/by-nc-sa/2.0/"),
        2: cc("Attribution-NonCommercial License", "licenses/by-nc/2.0/"),
        3: cc("Attribution-NonCommercial-NoDerivs License", "licenses/by-nc-nd/2.0/"),
        4: cc("Attribution License", "licenses/by/2.0/"),
        5: cc("Attribution-ShareAlike License", "licenses/by-sa/2.0/"),
        6: cc("Attribution-NoDerivs License", "licenses/by-nd/2.0/"),
        7: License(name: "No known copyright restrictions", url: URL(string: "https://www.flickr.com/commons/usage/")),
        8: License(name: "United States Government Work", url: URL(string: "http://www.usa.gov/copyright.shtml")),
        9: cc("Public Domain Dedication (CC0)", "publicdomain/zero/1.0/"),
        10: cc("Public Domain Mark", "publicdomain/mark/1.0/"),
        11: cc("CC BY 4.0", "licenses/by/4.0/"),
        12: cc("CC BY-SA 4.0", "licenses/by-sa/4.0/"),
        13: cc("CC BY-ND 4.0", "licenses/by-nd/4.0/"),
        14: cc("CC BY-NC 4.0", "licenses/by-nc/4.0/"),
        15: cc("CC BY-NC-SA 4.0", "licenses/by-nc-sa/4.0/"),
        16: cc("CC BY-NC-ND 4.0", "licenses/by-nc-nd/4.0/"),
    ]

    private static func cc(_ name: String, _ path: String) -> License {
        License(name: name, url: URL(string: "https://creativecommons.org/" + path))
    }
}
