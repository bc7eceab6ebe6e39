import Foundation
import ProviderKit

/// Turns 500px's wire photos into `Photo`s.
enum FiveHundredPxPhotoMapping {
    static func photo(_ wire: FiveHundredPxPhoto, provider: String) -> Photo {
        let images = wire.images.compactMap(image)
        return Photo(
            provider: provider,
            id: String(wire.id),
            title: wire.name.nonBlank,
            description: wire.description.nonBlank,
            author: wire.user?.fullname.nonBlank ?? wire.user?.username.nonBlank,
            pageURL: wire.url.flatMap { $0.hasPrefix("/") ? URL(string: "https://500px.com" + $0) : nil },
            images: images.isEmpty
                ? wire.imageURL.compactMap(URL.init(string:)).map { PhotoImage(size: .large, url: $0) } : images,
            width: wire.width,  // impossible ones are made unknown, with a note, by the page's check
            height: wire.height,
            takenAt: wire.takenAt.flatMap(date),
            tags: tags(wire),
            // 500px's `license_type` ids are not documented in a form that can be checked: unknown.
            license: LicenseCatalog.unknown,
            popularity: Popularity(
                views: wire.timesViewed, rating: wire.rating, favorites: wire.favoritesCount ?? wire.votesCount),
            location: location(wire),
            camera: CameraName.from(make: nil, model: wire.camera))
    }

    /// One size of the photo; `https_url` preferred over `url`.
    private static func image(_ wire: FiveHundredPxImage) -> PhotoImage? {
        guard let text = wire.httpsURL ?? wire.url, let url = URL(string: text) else { return nil }
        let known = FiveHundredPxSizes.all[wire.size]
        return PhotoImage(size: known?.size ?? .large, url: url, width: known?.square, height: known?.square)
    }

    /// The photo's own tags (500px matches a search term in them, not only in titles), then its
    /// category's name; blank ones and repeats (in any letter case) left out.
    static func tags(_ wire: FiveHundredPxPhoto) -> [String] {
        var tags: [String] = []
        var seen: Set<String> = []
        let category = wire.category.flatMap { FiveHundredPxCategories.names[$0] }
        for tag in wire.tags + (category.map { [$0] } ?? []) {
            guard let clean = Optional(tag).nonBlank, seen.insert(clean.lowercased()).inserted else { continue }
            tags.append(clean)
        }
        return tags
    }

    private static func location(_ wire: FiveHundredPxPhoto) -> GeoLocation? {
        guard let latitude = wire.latitude, let longitude = wire.longitude, abs(latitude) <= 90, abs(longitude) <= 180,
            latitude != 0 || longitude != 0
        else { return nil }
        return GeoLocation(latitude: latitude, longitude: longitude)
    }

    /// `2012-02-08T19:00:13-05:00`, kept with its offset.
    static func date(_ text: String) -> DateTime? {
        DateTime.parse(text)
    }
}
