import Foundation

/// One photo as a provider found it, in a form every part of Viewfinder understands.
///
/// Values a source does not know stay `nil` or empty; nothing is invented.
public struct Photo: Sendable, Equatable {
    /// The configured instance name of the provider that found the photo (e.g. `samples`).
    public var provider: String
    /// The provider's own identifier for the photo.
    public var id: String
    /// The photo's title, when it has one.
    public var title: String?
    /// A longer caption or description.
    public var description: String?
    /// The photographer or owner, as the source names them.
    public var author: String?
    /// The author's profile or home page, when the source gives one.
    public var authorURL: URL?
    /// Where a person views the photo (a web page, or a `file://` URL for local photos).
    public var pageURL: URL?
    /// Image files for the photo, one per size the source offers.
    public var images: [PhotoImage]
    /// Pixel width of the original, when known.
    public var width: Int?
    /// Pixel height of the original, when known.
    public var height: Int?
    /// When the photo was taken, as the source recorded it (with its UTC offset when known).
    public var takenAt: DateTime?
    /// Keywords or tags.
    public var tags: [String]
    /// The licence the photo is published under.
    public var license: License?
    /// The credit line the licence or source asks for ("“Title” by Author is licensed under
    /// CC BY 2.0"), or `nil` where none is needed or it is not known.
    public var attribution: String?
    /// Popularity signals, when the source has them.
    public var popularity: Popularity
    /// Where the photo was taken.
    public var location: GeoLocation?
    /// Where it was taken, in words: the source's own place fields, else names computed from
    /// `location`.
    public var place: PlaceNames?
    /// The camera as a person reads it ("FUJIFILM X-T3"; see ``CameraName``), when the source says.
    public var camera: String?
    /// The absolute file path, for photos on local disk.
    public var filePath: String?
    /// Other files of the same photo on local disk, as `file:` URLs: a camera's RAW beside the
    /// JPEG ``filePath`` names (`IMG_0001.CR2` beside `IMG_0001.JPG`). Downloads copy them too.
    public var companionFiles: [URL] = []
    /// A URL the source asks to be called when the photo is downloaded (Unsplash's
    /// `links.download_location`); a download reports to it.
    public var downloadTrackingURL: URL?

    /// Creates a photo; only the provider name and id are required.
    public init(
        provider: String,
        id: String,
        title: String? = nil,
        description: String? = nil,
        author: String? = nil,
        authorURL: URL? = nil,
        pageURL: URL? = nil,
        images: [PhotoImage] = [],
        width: Int? = nil,
        height: Int? = nil,
        takenAt: DateTime? = nil,
        tags: [String] = [],
        license: License? = nil,
        attribution: String? = nil,
        popularity: Popularity = Popularity(),
        location: GeoLocation? = nil,
        place: PlaceNames? = nil,
        camera: String? = nil,
        filePath: String? = nil,
        downloadTrackingURL: URL? = nil
    ) {
        self.provider = provider
        self.id = id
        self.title = title
        self.description = description
        self.author = author
        self.authorURL = authorURL
        self.pageURL = pageURL
        self.images = images
        self.width = width
        self.height = height
        self.takenAt = takenAt
        self.tags = tags
        self.license = license
        self.attribution = attribution
        self.popularity = popularity
        self.location = location
        self.place = place
        self.camera = camera
        self.filePath = filePath
        self.downloadTrackingURL = downloadTrackingURL
    }
}

extension Photo {
    /// The smallest image offered, for previews.
    public var thumbnail: PhotoImage? {
        images.min { $0.size < $1.size }
    }

    /// The largest image offered.
    public var largestImage: PhotoImage? {
        images.max { $0.size < $1.size }
    }

    /// How many facts the record carries; used to keep the richer of two records for one photo.
    public var richness: Int {
        let optionals: [Any?] = [
            title, description, author, authorURL, pageURL, width, height, takenAt, license, location, place, camera,
            filePath,
            popularity.views, popularity.rating, popularity.favorites,
        ]
        return optionals.count { $0 != nil } + images.count + (tags.isEmpty ? 0 : 1)
    }
}

/// One image file of a photo at a given size.
public struct PhotoImage: Sendable, Equatable {
    /// Which size this is.
    public var size: ImageSize
    /// Where the image file is.
    public var url: URL
    /// Pixel width, when known.
    public var width: Int?
    /// Pixel height, when known.
    public var height: Int?

    /// Creates an image reference.
    public init(size: ImageSize, url: URL, width: Int? = nil, height: Int? = nil) {
        self.size = size
        self.url = url
        self.width = width
        self.height = height
    }
}

/// The size classes photo sources offer, smallest first.
public enum ImageSize: Int, Sendable, Comparable, CaseIterable {
    /// A small square or near-square preview (about 150 px).
    case thumbnail
    /// About 240–500 px on the long side.
    case small
    /// About 500–800 px.
    case medium
    /// About 1024–2048 px.
    case large
    /// The original file.
    case original

    public static func < (lhs: ImageSize, rhs: ImageSize) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The licence a photo is published under, in one vocabulary across every source, with the
/// three facts a person acts on. `nil` facts are unknown, never guessed.
public struct License: Sendable, Equatable {
    /// An SPDX identifier where one exists (`CC0-1.0`, `CC-BY-2.0`, `CC-BY-SA-4.0`, …), else a
    /// named one (`PDM-1.0`, `no-known-copyright`, `us-gov-work`, `unsplash`, `pexels`,
    /// `pixabay`, `all-rights-reserved`); `unknown` when the source's licence is not recognised.
    public var id: String
    /// A display name such as "CC BY 2.0" or "All Rights Reserved".
    public var name: String
    /// The licence text, when it has a public page.
    public var url: URL?
    /// Whether commercial use is allowed.
    public var allowsCommercialUse: Bool?
    /// Whether modified versions may be made.
    public var allowsModification: Bool?
    /// Whether the author must be credited.
    public var requiresAttribution: Bool?

    /// Creates a licence; an unrecognised one keeps the id `unknown` and no facts.
    public init(
        id: String = "unknown", name: String, url: URL? = nil, allowsCommercialUse: Bool? = nil,
        allowsModification: Bool? = nil, requiresAttribution: Bool? = nil
    ) {
        self.id = id
        self.name = name
        self.url = url
        self.allowsCommercialUse = allowsCommercialUse
        self.allowsModification = allowsModification
        self.requiresAttribution = requiresAttribution
    }
}

/// Popularity signals; each is `nil` when the source does not report it.
public struct Popularity: Sendable, Equatable {
    /// How many times the photo was viewed.
    public var views: Int?
    /// A source-specific rating (500px's "pulse", a local star rating).
    public var rating: Double?
    /// Favourites, likes or votes.
    public var favorites: Int?

    /// Creates popularity signals.
    public init(views: Int? = nil, rating: Double? = nil, favorites: Int? = nil) {
        self.views = views
        self.rating = rating
        self.favorites = favorites
    }
}

/// A point on Earth in decimal degrees.
public struct GeoLocation: Sendable, Equatable {
    /// Latitude, −90…90.
    public var latitude: Double
    /// Longitude, −180…180.
    public var longitude: Double

    /// Creates a location.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The great-circle distance to `other`, in kilometres (haversine, on a sphere of the
    /// Earth's mean radius: within 0.5% of the ellipsoid's, which is well inside a search radius).
    public func kilometres(to other: GeoLocation) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let a =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371.0088 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
