import Foundation
import Logging

extension Photo {
    /// The photo with the values no photo can have made unknown, and what was wrong, or `nil`
    /// for a photo that cannot be kept at all (an id that is empty or only white space, which
    /// nothing can name or tell apart).
    ///
    /// Impossible: a width or height outside 1…``SearchFilters/maximumPixels`` (a source's
    /// `-9223372036854775808` or `0`), a negative count of views or favourites, a rating that
    /// is not a finite number, a position off the globe.
    public func withoutImpossibleValues() -> (photo: Photo?, problems: [String]) {
        guard id.contains(where: { !$0.isWhitespaceASCIIFirst }) else {
            return (nil, ["a photo without an id was dropped"])
        }
        var photo = self
        var problems: [String] = []
        // Whole or not at all: an id cut short could end inside a key the source echoed into
        // it, which the output's redaction, matching whole keys, would then miss.
        let shownID = id.count <= 64 ? id.debugDescription : "with an id of \(id.count) characters"
        func side(_ value: Int?, _ name: String) -> Int? {
            guard let value, !(1...SearchFilters.maximumPixels).contains(value) else { return value }
            problems.append("photo \(shownID): \(name) \(value) is impossible; taken as unknown")
            return nil
        }
        photo.width = side(width, "width")
        photo.height = side(height, "height")
        for index in photo.images.indices {
            photo.images[index].width = side(images[index].width, "image width")
            photo.images[index].height = side(images[index].height, "image height")
        }
        func count(_ value: Int?, _ name: String) -> Int? {
            guard let value, value < 0 else { return value }
            problems.append("photo \(shownID): \(name) \(value) is impossible; taken as unknown")
            return nil
        }
        photo.popularity.views = count(popularity.views, "views")
        photo.popularity.favorites = count(popularity.favorites, "favorites")
        if let rating = popularity.rating, !rating.isFinite {
            problems.append("photo \(shownID): rating \(rating) is impossible; taken as unknown")
            photo.popularity.rating = nil
        }
        if let location,
            !(location.latitude.isFinite && location.longitude.isFinite
                && abs(location.latitude) <= 90 && abs(location.longitude) <= 180)
        {
            problems.append("photo \(shownID): a position off the globe; taken as unknown")
            photo.location = nil
        }
        return (photo, problems)
    }
}

extension FetchedPage {
    /// A page of the source's `photos` with impossible values made unknown and photos without
    /// an id dropped (``Photo/withoutImpossibleValues()``), each noted in `logger` for
    /// `--verbose` as `provider: …`. ``sourceCount`` counts what the source sent, so dropped
    /// photos never end paging early.
    public init(
        checking photos: [Photo], provider: String, logger: Logger, totalPages: Int? = nil, totalAvailable: Int? = nil,
        sourceCount: Int? = nil
    ) {
        self.init(
            photos: Photo.checked(photos, provider: provider, logger: logger), totalPages: totalPages,
            totalAvailable: totalAvailable, sourceCount: sourceCount ?? photos.count)
    }
}

extension Photo {
    /// `photos` with impossible values made unknown and photos without an id dropped
    /// (``withoutImpossibleValues()``), each noted in `logger` for `--verbose` as `provider: …`:
    /// what every provider does with what its source sent, before the search sees it.
    public static func checked(_ photos: [Photo], provider: String, logger: Logger) -> [Photo] {
        var kept: [Photo] = []
        kept.reserveCapacity(photos.count)
        for photo in photos {
            let (checked, problems) = photo.withoutImpossibleValues()
            for problem in problems { logger.debug("\(provider): \(problem)") }
            if let checked { kept.append(checked) }
        }
        return kept
    }
}

extension Photo {
    /// The photo with every link that is not `http` or `https` to a host removed (an image with
    /// such a URL is dropped), unless it is a local file's own: a `file:` URL from an API answer
    /// or a plugin would have a download copy, or a page link open, any file on the machine; and
    /// `http:evil.example` or `http:///x.jpg` name no host. A user name or password written into
    /// a link (`https://user:pass@host/`) is taken out, so no output, page or copy shows it.
    public func withWebLinksOnly() -> Photo {
        guard filePath == nil else { return self }
        func web(_ url: URL?) -> URL? {
            guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = url.host, !host.isEmpty
            else { return nil }
            guard url.user != nil || url.password != nil else { return url }
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
            components.user = nil
            components.password = nil
            return components.url
        }
        var photo = self
        photo.companionFiles = []
        photo.pageURL = web(pageURL)
        photo.authorURL = web(authorURL)
        photo.downloadTrackingURL = web(downloadTrackingURL)
        photo.images = images.compactMap { image in
            web(image.url).map { url in
                var kept = image
                kept.url = url
                return kept
            }
        }
        return photo
    }
}
