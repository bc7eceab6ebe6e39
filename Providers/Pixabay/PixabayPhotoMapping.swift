import Foundation
import ProviderKit

/// Turns Pixabay hits into `Photo`s. Pixabay gives photos no title or description, and no date:
/// those stay `nil` (the tags are tags, not a title).
enum PixabayPhotoMapping {
    /// Every image on Pixabay is under this licence.
    static let license = LicenseCatalog.pixabay

    static func photo(_ wire: PixabayHit, provider: String) -> Photo {
        Photo(
            provider: provider, id: wire.id, author: wire.user.nonBlank, authorURL: authorURL(wire),
            pageURL: url(wire.pageURL), images: images(wire), width: wire.imageWidth, height: wire.imageHeight,
            tags: tags(wire.tags), license: license, popularity: Popularity(views: wire.views, favorites: wire.likes)
        ).attributed()
    }

    /// One image per size: the 150 px preview, the 640 px web format, the 1920 px (full access) or
    /// 1280 px scaled image, and the original (full access only).
    static func images(_ wire: PixabayHit) -> [PhotoImage] {
        var images: [PhotoImage] = []
        if let preview = url(wire.previewURL) {
            images.append(
                PhotoImage(size: .thumbnail, url: preview, width: wire.previewWidth, height: wire.previewHeight))
        }
        if let web = url(wire.webformatURL) {
            images.append(
                PhotoImage(size: .medium, url: web, width: wire.webformatWidth, height: wire.webformatHeight))
        }
        // Pixabay sends no sizes for these two: only their bound on the long side.
        if let large = url(wire.fullHDURL) ?? url(wire.largeImageURL) {
            images.append(PhotoImage(size: .large, url: large))
        }
        if let original = url(wire.imageURL) {
            images.append(PhotoImage(size: .original, url: original, width: wire.imageWidth, height: wire.imageHeight))
        }
        return images
    }

    /// `"blossom, bloom,  flower,"` → `["blossom", "bloom", "flower"]`, each once.
    static func tags(_ text: String?) -> [String] {
        var seen = Set<String>()
        return (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// The contributor's profile, `https://pixabay.com/users/{user}-{user_id}/`, as Pixabay documents it.
    static func authorURL(_ wire: PixabayHit) -> URL? {
        guard let user = wire.user.nonBlank?.trimmingCharacters(in: .whitespaces), let id = wire.userID,
            let name = user.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
        else { return nil }
        return URL(string: "https://pixabay.com/users/\(name)-\(id)/")
    }

    /// An http(s) URL from the wire, or `nil`.
    private static func url(_ text: String?) -> URL? {
        guard let text = text.nonBlank, let url = URL(string: text),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { return nil }
        return url
    }
}
