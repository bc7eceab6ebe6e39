import Foundation
import ProviderKit

/// Turns Flickr's wire photos into `Photo`s.
enum FlickrPhotoMapping {
    static func photo(_ wire: FlickrPhoto, provider: String) -> Photo {
        Photo(
            provider: provider,
            id: wire.id,
            title: wire.title.nonBlank,
            description: (wire.description?.content).nonBlank,
            author: wire.ownername.nonBlank,
            pageURL: wire.owner.flatMap { URL(string: "https://www.flickr.com/photos/\($0)/\(wire.id)") },
            images: images(wire),
            width: (wire.oWidth ?? wire.widthO)?.int ?? wire.widthL?.int,
            height: (wire.oHeight ?? wire.heightO)?.int ?? wire.heightL?.int,
            takenAt: wire.datetakenunknown?.int == 1 ? nil : wire.datetaken.flatMap(takenDate),
            tags: (wire.tags ?? "").split(separator: " ").map(String.init),
            license: wire.license?.int.map(FlickrLicenses.license(id:)),
            popularity: Popularity(views: wire.views?.int),
            location: location(wire)
        ).attributed()
    }

    /// The sizes Flickr sent, and the ones up to 1024 px that can be built from server/id/secret.
    /// Larger sizes (h, k, o) have secrets of their own and are never guessed.
    static func images(_ wire: FlickrPhoto) -> [PhotoImage] {
        var images: [PhotoImage] = []
        func add(_ size: ImageSize, _ sent: String?, _ width: FlickrNumber?, _ height: FlickrNumber?, suffix: String?) {
            if let sent, let url = URL(string: sent) {
                images.append(PhotoImage(size: size, url: url, width: width?.int, height: height?.int))
            } else if let suffix, let built = staticURL(wire, suffix: suffix) {
                let side = size == .thumbnail ? 150 : nil
                images.append(PhotoImage(size: size, url: built, width: side, height: side))
            }
        }
        add(.thumbnail, wire.urlQ, wire.widthQ, wire.heightQ, suffix: "_q")
        add(.medium, wire.urlM, wire.widthM, wire.heightM, suffix: "")
        add(.large, wire.urlL, wire.widthL, wire.heightL, suffix: "_b")
        add(.original, wire.urlO, wire.widthO, wire.heightO, suffix: nil)
        return images
    }

    private static func staticURL(_ wire: FlickrPhoto, suffix: String) -> URL? {
        guard let server = wire.server, let secret = wire.secret, !server.isEmpty, !secret.isEmpty else { return nil }
        return URL(string: "https://live.staticflickr.com/\(server)/\(wire.id)_\(secret)\(suffix).jpg")
    }

    private static func location(_ wire: FlickrPhoto) -> GeoLocation? {
        guard let latitude = wire.latitude?.value, let longitude = wire.longitude?.value,
            latitude != 0 || longitude != 0, abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        return GeoLocation(latitude: latitude, longitude: longitude)
    }

    /// `datetaken` is "YYYY-MM-DD HH:MM:SS" in the camera's local time, with no zone: kept so.
    static func takenDate(_ text: String) -> DateTime? {
        DateTime.parse(text)
    }
}
