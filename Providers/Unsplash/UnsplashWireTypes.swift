import ProviderKit

/// What `GET /search/photos` sends: `{"total": …, "total_pages": …, "results": […]}`.
struct UnsplashSearchResponse: Decodable {
    let total: Int?
    let totalPages: Int?
    /// Only as many results as were asked for are decoded (see ``BoundedArray``).
    let results: BoundedArray<UnsplashPhoto>

    enum CodingKeys: String, CodingKey {
        case total, results
        case totalPages = "total_pages"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Counters sent wrong (1e19, 2.5, "x") are unknown, not a failed page.
        total = try? container.decodeIfPresent(Int.self, forKey: .total)
        totalPages = try? container.decodeIfPresent(Int.self, forKey: .totalPages)
        results = try container.decode(BoundedArray<UnsplashPhoto>.self, forKey: .results)
    }
}

/// One photo object, as search results and the `/photos` feed carry it. Only `id` is required;
/// every other field is read leniently, since Unsplash sends `null` for many of them.
struct UnsplashPhoto: Decodable {
    let id: String
    let description: String?
    let altDescription: String?
    let width: Int?
    let height: Int?
    let likes: Int?
    let urls: UnsplashURLs?
    let links: UnsplashPhotoLinks?
    let user: UnsplashUser?
    /// Search results' `tags` (deprecated by Unsplash in 2021, still sent by some answers).
    let tags: [UnsplashTag]?
    /// The field Unsplash says supersedes `tags`.
    let tagsPreview: [UnsplashTag]?
    /// Where it was taken: sent on single and random photos, not in search results.
    let location: UnsplashLocation?

    enum CodingKeys: String, CodingKey {
        case id, description, width, height, likes, urls, links, user, tags, location
        case altDescription = "alt_description"
        case tagsPreview = "tags_preview"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        description = try? container.decodeIfPresent(String.self, forKey: .description)
        altDescription = try? container.decodeIfPresent(String.self, forKey: .altDescription)
        // Sizes no Int holds (1e19), fractions and non-positive values are unknown.
        width = (try? container.decodeIfPresent(Int.self, forKey: .width)).flatMap { $0.flatMap { $0 > 0 ? $0 : nil } }
        height = (try? container.decodeIfPresent(Int.self, forKey: .height)).flatMap {
            $0.flatMap { $0 > 0 ? $0 : nil }
        }
        likes = (try? container.decodeIfPresent(Int.self, forKey: .likes)).flatMap { $0.flatMap { $0 >= 0 ? $0 : nil } }
        urls = (try? container.decodeIfPresent(UnsplashURLs.self, forKey: .urls)).flatMap { $0 }
        links = (try? container.decodeIfPresent(UnsplashPhotoLinks.self, forKey: .links)).flatMap { $0 }
        user = (try? container.decodeIfPresent(UnsplashUser.self, forKey: .user)).flatMap { $0 }
        tags = (try? container.decodeIfPresent([LenientTag].self, forKey: .tags)).flatMap { $0 }?.compactMap(\.tag)
        tagsPreview = (try? container.decodeIfPresent([LenientTag].self, forKey: .tagsPreview)).flatMap { $0 }?
            .compactMap(\.tag)
        location = (try? container.decodeIfPresent(UnsplashLocation.self, forKey: .location)).flatMap { $0 }
    }
}

/// `location`: `{"name": "Montreal, Canada", "city", "country", "position": {"latitude",
/// "longitude"}}`, any part `null`; a position of 0, 0 is Unsplash's "unknown".
struct UnsplashLocation: Decodable {
    let name: String?
    let city: String?
    let country: String?
    let latitude: Double?
    let longitude: Double?

    enum CodingKeys: String, CodingKey { case name, city, country, position }
    enum PositionKeys: String, CodingKey { case latitude, longitude }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        city = try? container.decodeIfPresent(String.self, forKey: .city)
        country = try? container.decodeIfPresent(String.self, forKey: .country)
        let position = try? container.nestedContainer(keyedBy: PositionKeys.self, forKey: .position)
        let latitude = (try? position?.decodeIfPresent(Double.self, forKey: .latitude)) ?? nil
        let longitude = (try? position?.decodeIfPresent(Double.self, forKey: .longitude)) ?? nil
        let known = latitude != nil && longitude != nil && (latitude != 0 || longitude != 0)
        self.latitude = known ? latitude : nil
        self.longitude = known ? longitude : nil
    }
}

/// `urls`: the hotlinkable image URLs, each with the query parameters Unsplash put on it.
struct UnsplashURLs: Decodable {
    let raw: String?
    let full: String?
    let regular: String?
    let small: String?
    let thumb: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        raw = try? container.decodeIfPresent(String.self, forKey: .raw)
        full = try? container.decodeIfPresent(String.self, forKey: .full)
        regular = try? container.decodeIfPresent(String.self, forKey: .regular)
        small = try? container.decodeIfPresent(String.self, forKey: .small)
        thumb = try? container.decodeIfPresent(String.self, forKey: .thumb)
    }

    enum CodingKeys: String, CodingKey { case raw, full, regular, small, thumb }
}

/// A photo's `links`: its page (`html`) and the download-tracking endpoint (`download_location`).
struct UnsplashPhotoLinks: Decodable {
    let html: String?
    let downloadLocation: String?

    enum CodingKeys: String, CodingKey {
        case html
        case downloadLocation = "download_location"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        html = try? container.decodeIfPresent(String.self, forKey: .html)
        downloadLocation = try? container.decodeIfPresent(String.self, forKey: .downloadLocation)
    }
}

/// The photographer: `name` and `links.html`, their profile page.
struct UnsplashUser: Decodable {
    let name: String?
    let username: String?
    let profileURL: String?

    enum CodingKeys: String, CodingKey { case name, username, links }
    enum LinkKeys: String, CodingKey { case html }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        username = try? container.decodeIfPresent(String.self, forKey: .username)
        let links = try? container.nestedContainer(keyedBy: LinkKeys.self, forKey: .links)
        profileURL = (try? links?.decodeIfPresent(String.self, forKey: .html)).flatMap { $0 }
    }
}

/// A tag: `{"type": "search", "title": "harbor", …}`.
struct UnsplashTag: Decodable {
    let title: String
}

/// A tag that may be malformed (`{"title": null}`): dropped instead of failing the photo.
private struct LenientTag: Decodable {
    let tag: UnsplashTag?

    init(from decoder: any Decoder) throws {
        tag = try? UnsplashTag(from: decoder)
    }
}

/// Unsplash's error body: `{"errors": ["…", …]}`.
struct UnsplashErrors: Decodable {
    let errors: [String]
}
