import ProviderKit

/// What `GET /api/` sends: `{"total": 4692, "totalHits": 500, "hits": [...]}`.
struct PixabaySearchResponse: Decodable {
    /// Every match Pixabay has.
    let total: Int?
    /// The matches the API serves (at most 500 by default); pages end there.
    let totalHits: Int?
    /// Only as many hits as were asked for are decoded (see ``BoundedArray``).
    let hits: BoundedArray<PixabayHit>

    enum CodingKeys: String, CodingKey {
        case total, totalHits, hits
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Counters sent wrong (1e19, 2.5, "x") are unknown, not a failed page.
        total = container.count(.total)
        totalHits = container.count(.totalHits)
        hits = try container.decode(BoundedArray<PixabayHit>.self, forKey: .hits)
    }
}

/// One image of `hits`, as Pixabay's documentation lists its keys.
struct PixabayHit: Decodable {
    let id: String
    let pageURL: String?
    let type: String?
    /// Comma-separated: `"blossom, bloom, flower"`.
    let tags: String?
    let previewURL: String?
    let previewWidth: Int?
    let previewHeight: Int?
    let webformatURL: String?
    let webformatWidth: Int?
    let webformatHeight: Int?
    let largeImageURL: String?
    /// Only for keys approved for full API access.
    let fullHDURL: String?
    /// The original; only for keys approved for full API access.
    let imageURL: String?
    let imageWidth: Int?
    let imageHeight: Int?
    let views: Int?
    let downloads: Int?
    let likes: Int?
    let userID: Int?
    let user: String?

    enum CodingKeys: String, CodingKey {
        case id, pageURL, type, tags, previewURL, previewWidth, previewHeight, webformatURL, webformatWidth
        case webformatHeight, largeImageURL, fullHDURL, imageURL, imageWidth, imageHeight, views, downloads, likes
        case user
        case userID = "user_id"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(Int.self, forKey: .id) {
            id = String(number)
        } else {
            id = try container.decode(String.self, forKey: .id)
        }
        pageURL = container.text(.pageURL)
        type = container.text(.type)
        tags = container.text(.tags)
        previewURL = container.text(.previewURL)
        previewWidth = container.size(.previewWidth)
        previewHeight = container.size(.previewHeight)
        webformatURL = container.text(.webformatURL)
        webformatWidth = container.size(.webformatWidth)
        webformatHeight = container.size(.webformatHeight)
        largeImageURL = container.text(.largeImageURL)
        fullHDURL = container.text(.fullHDURL)
        imageURL = container.text(.imageURL)
        imageWidth = container.size(.imageWidth)
        imageHeight = container.size(.imageHeight)
        views = container.count(.views)
        downloads = container.count(.downloads)
        likes = container.count(.likes)
        userID = container.count(.userID)
        user = container.text(.user)
    }
}

extension KeyedDecodingContainer {
    /// A string value; `nil` when it is missing, `null` or not a string.
    fileprivate func text(_ key: Key) -> String? {
        (try? decodeIfPresent(String.self, forKey: key)).flatMap { $0 }
    }

    /// A pixel size: `nil` unless a whole number above zero (1e19, 2.5 and -5 are unknown).
    fileprivate func size(_ key: Key) -> Int? {
        count(key).flatMap { $0 > 0 ? $0 : nil }
    }

    /// A counter: `nil` unless a whole number of at least zero.
    fileprivate func count(_ key: Key) -> Int? {
        (try? decodeIfPresent(Int.self, forKey: key)).flatMap { $0.flatMap { $0 >= 0 ? $0 : nil } }
    }
}
