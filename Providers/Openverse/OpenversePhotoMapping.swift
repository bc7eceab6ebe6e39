import Foundation
import ProviderKit

/// Turns Openverse results into `Photo`s. The page URL is the original source's page
/// (`foreign_landing_url`), so a Flickr photo found here merges with the Flickr provider's.
enum OpenversePhotoMapping {
    static func photo(_ wire: OpenverseImage, provider: String) -> Photo {
        var images: [PhotoImage] = []
        if let thumbnail = wire.thumbnail.flatMap(URL.init(string:)) {
            images.append(PhotoImage(size: .thumbnail, url: thumbnail))
        }
        if let full = wire.url.flatMap(URL.init(string:)) {
            images.append(PhotoImage(size: .large, url: full, width: wire.width, height: wire.height))
        }
        return Photo(
            provider: provider, id: wire.id, title: wire.title.nonBlank, author: wire.creator.nonBlank,
            pageURL: wire.foreignLandingURL.flatMap(URL.init(string:)), images: images, width: wire.width,
            height: wire.height, tags: (wire.tags ?? []).map(\.name), license: license(wire))
    }

    /// "by-nc-sa" + "2.0" → "CC BY-NC-SA 2.0"; "cc0" → "CC0 1.0"; "pdm" → "Public Domain Mark 1.0".
    static func license(_ wire: OpenverseImage) -> License? {
        guard let code = wire.license?.lowercased(), !code.isEmpty else { return nil }
        let version = wire.licenseVersion.map { " " + $0 } ?? ""
        let name: String
        switch code {
        case "cc0": name = "CC0" + version
        case "pdm": name = "Public Domain Mark" + version
        default: name = "CC " + code.uppercased() + version
        }
        return License(name: name, url: wire.licenseURL.flatMap(URL.init(string:)))
    }
}
