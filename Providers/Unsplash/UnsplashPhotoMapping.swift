import Foundation
import ProviderKit

/// Turns Unsplash photo objects into `Photo`s. Image URLs are kept exactly as sent, query
/// parameters included: Unsplash requires hotlinking them (its `ixid` tracks views for the photographer).
enum UnsplashPhotoMapping {
    /// Every Unsplash photo the API serves is under the Unsplash License (Unsplash+ photos are not in the API).
    static let license = LicenseCatalog.unsplash

    /// The photo. `created_at` and `promoted_at` are upload and feature dates, not when the photo
    /// was taken, and search results carry no EXIF: `takenAt` stays `nil`.
    static func photo(_ wire: UnsplashPhoto, provider: String) -> Photo {
        let caption = wire.description.nonBlank
        let alt = wire.altDescription.nonBlank
        let tags = (wire.tags ?? wire.tagsPreview ?? []).map(\.title).filter { Optional($0).nonBlank != nil }
        return Photo(
            provider: provider, id: wire.id, title: caption ?? alt,
            description: caption == nil || caption == alt ? nil : alt,
            author: wire.user?.name.nonBlank ?? wire.user?.username.nonBlank,
            authorURL: webURL(wire.user?.profileURL), pageURL: webURL(wire.links?.html),
            images: images(wire), width: wire.width, height: wire.height,
            tags: unique(tags), license: license, popularity: Popularity(favorites: wire.likes),
            location: wire.location?.latitude.flatMap { latitude in
                wire.location?.longitude.map { GeoLocation(latitude: latitude, longitude: $0) }
            },
            place: place(wire.location),
            downloadTrackingURL: webURL(wire.links?.downloadLocation)
        ).attributed()
    }

    /// The location's own words: its city and country, and its name ("Montreal, Canada") as the
    /// place when it says more than those.
    static func place(_ location: UnsplashLocation?) -> PlaceNames? {
        guard let location else { return nil }
        let city = location.city.nonBlank
        let country = location.country.nonBlank
        var name = location.name.nonBlank
        if name == [city, country].compactMap({ $0 }).joinedText(separator: ", ") { name = nil }
        let names = PlaceNames(name: name, city: city, country: country)
        return names.isEmpty ? nil : names
    }

    /// thumb (200 px wide), small (400), regular (1080) and full (the full-size JPEG); `raw` (the
    /// unprocessed original) stands in for `full` when that is missing.
    static func images(_ wire: UnsplashPhoto) -> [PhotoImage] {
        guard let urls = wire.urls else { return [] }
        var images: [PhotoImage] = []
        for (size, text) in [(ImageSize.thumbnail, urls.thumb), (.small, urls.small), (.large, urls.regular)] {
            guard let url = webURL(text) else { continue }
            let (width, height) = scaledSize(url, width: wire.width, height: wire.height)
            images.append(PhotoImage(size: size, url: url, width: width, height: height))
        }
        if let original = webURL(urls.full) ?? webURL(urls.raw) {
            images.append(PhotoImage(size: .original, url: original, width: wire.width, height: wire.height))
        }
        return images
    }

    /// The size of a resized image: its `w` parameter (Unsplash's `fit=max` never enlarges),
    /// the height in the original's proportion. Unknown where either is unknown or absurd.
    static func scaledSize(_ url: URL, width: Int?, height: Int?) -> (Int?, Int?) {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let asked = items.last(where: { $0.name == "w" })?.value.flatMap({ Int($0) }),
            (1...100_000).contains(asked)
        else { return (nil, nil) }
        guard let width, let height, width <= 1_000_000, height <= 1_000_000 else { return (nil, nil) }
        let scaledWidth = min(asked, width)
        let scaledHeight = max(1, (Double(scaledWidth) * Double(height) / Double(width)).rounded())
        return (scaledWidth, Int(scaledHeight))  // at most 1e11: in range
    }

    /// An http(s) URL from the API, or `nil`.
    static func webURL(_ text: String?) -> URL? {
        guard let text = text.nonBlank, let url = URL(string: text),
            ["http", "https"].contains(url.scheme?.lowercased() ?? "")
        else { return nil }
        return url
    }

    private static func unique(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.filter { seen.insert($0.lowercased()).inserted }
    }
}
