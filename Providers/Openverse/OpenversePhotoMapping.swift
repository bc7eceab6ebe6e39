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
            height: wire.height, tags: (wire.tags ?? []).map(\.name), license: license(wire)
        ).attributed()
    }

    /// `license` + `license_version` in the catalogue ("by-nc-sa" + "2.0" → CC-BY-NC-SA-2.0, "cc0",
    /// "pdm"); a code the catalogue lacks (`sampling+`) is `unknown`, keeping Openverse's code.
    static func license(_ wire: OpenverseImage) -> License? {
        guard let code = wire.license?.trimmingCharacters(in: .whitespaces), !code.isEmpty else { return nil }
        if let known = LicenseCatalog.creativeCommons(code: code, version: wire.licenseVersion) { return known }
        let name = ([code] + [wire.licenseVersion].compactMap { $0 }).joinedText(separator: " ")
        return License(name: name, url: wire.licenseURL.flatMap(URL.init(string:)))
    }
}
