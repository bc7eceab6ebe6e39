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
    let likes: Int?
    /// Above zero when the contributor's account exists.
    let userID: Int?
    let user: String?

    enum CodingKeys: String, CodingKey {
        case id, pageURL, tags, previewURL, previewWidth, previewHeight, webformatURL, webformatWidth
        case webformatHeight, largeImageURL, fullHDURL, imageURL, imageWidth, imageHeight, views, likes
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
        guard !id.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "an empty id")
        }
        pageURL = container.text(.pageURL)
        tags = container.text(.tags)
        previewURL = container.text(.previewURL)
        previewWidth = container.positive(.previewWidth)
        previewHeight = container.positive(.previewHeight)
        webformatURL = container.text(.webformatURL)
        webformatWidth = container.positive(.webformatWidth)
        webformatHeight = container.positive(.webformatHeight)
        largeImageURL = container.text(.largeImageURL)
        fullHDURL = container.text(.fullHDURL)
        imageURL = container.text(.imageURL)
        imageWidth = container.positive(.imageWidth)
        imageHeight = container.positive(.imageHeight)
        views = container.count(.views)
        likes = container.count(.likes)
        userID = container.positive(.userID)
        user = container.text(.user)
    }
}

extension KeyedDecodingContainer {
    /// A string value; `nil` when it is missing, `null` or not a string.
    fileprivate func text(_ key: Key) -> String? {
        (try? decodeIfPresent(String.self, forKey: key)).flatMap { $0 }
    }

    /// A pixel size or an id: `nil` unless a whole number above zero (1e19, 2.5 and -5 are unknown).
    fileprivate func positive(_ key: Key) -> Int? {
        count(key).flatMap { $0 > 0 ? $0 : nil }
    }

    /// A counter: `nil` unless a whole number of at least zero.
    fileprivate func count(_ key: Key) -> Int? {
        (try? decodeIfPresent(Int.self, forKey: key)).flatMap { $0.flatMap { $0 >= 0 ? $0 : nil } }
    }
}
