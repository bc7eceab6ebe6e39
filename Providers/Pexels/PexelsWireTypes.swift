import ProviderKit

/// What `GET /v1/search` and `GET /v1/curated` send: `next_page` is absent on the last page.
struct PexelsPhotosResponse: Decodable {
    let page: Int?
    let perPage: Int?
    let totalResults: Int?
    let nextPage: String?
    /// Only as many photos as were asked for are decoded (see ``BoundedArray``).
    let photos: BoundedArray<PexelsPhoto>

    enum CodingKeys: String, CodingKey {
        case page, photos
        case perPage = "per_page"
        case totalResults = "total_results"
        case nextPage = "next_page"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Counters sent wrong (1e19, 2.5, "x") are unknown, not a failed page.
        page = try? container.decodeIfPresent(Int.self, forKey: .page)
        perPage = try? container.decodeIfPresent(Int.self, forKey: .perPage)
        totalResults = try? container.decodeIfPresent(Int.self, forKey: .totalResults)
        nextPage = try? container.decodeIfPresent(String.self, forKey: .nextPage)
        photos = try container.decode(BoundedArray<PexelsPhoto>.self, forKey: .photos)
    }
}

/// One photo. `alt` and `avg_color` may be missing, empty or null; there is no date and no tags.
struct PexelsPhoto: Decodable {
    let id: String
    let width: Int?
    let height: Int?
    let url: String?
    let photographer: String?
    let photographerURL: String?
    let alt: String?
    let src: PexelsSources?

    enum CodingKeys: String, CodingKey {
        case id, width, height, url, photographer, alt, src
        case photographerURL = "photographer_url"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(Int.self, forKey: .id) {
            id = String(number)
        } else {
            id = try container.decode(String.self, forKey: .id)
        }
        // Sizes no Int holds (1e19), fractions and negatives are unknown rather than a failed page.
        width = (try? container.decodeIfPresent(Int.self, forKey: .width)).flatMap { $0.flatMap { $0 > 0 ? $0 : nil } }
        height = (try? container.decodeIfPresent(Int.self, forKey: .height)).flatMap {
            $0.flatMap { $0 > 0 ? $0 : nil }
        }
        url = try? container.decodeIfPresent(String.self, forKey: .url)
        photographer = try? container.decodeIfPresent(String.self, forKey: .photographer)
        photographerURL = try? container.decodeIfPresent(String.self, forKey: .photographerURL)
        alt = try? container.decodeIfPresent(String.self, forKey: .alt)
        src = try? container.decodeIfPresent(PexelsSources.self, forKey: .src)
    }
}

/// `src`: the photo at Pexels' fixed sizes, smallest first; any may be missing.
struct PexelsSources: Decodable {
    let tiny: String?
    let small: String?
    let medium: String?
    let portrait: String?
    let large: String?
    let landscape: String?
    let large2x: String?
    let original: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tiny = try? container.decodeIfPresent(String.self, forKey: .tiny)
        small = try? container.decodeIfPresent(String.self, forKey: .small)
        medium = try? container.decodeIfPresent(String.self, forKey: .medium)
        portrait = try? container.decodeIfPresent(String.self, forKey: .portrait)
        large = try? container.decodeIfPresent(String.self, forKey: .large)
        landscape = try? container.decodeIfPresent(String.self, forKey: .landscape)
        large2x = try? container.decodeIfPresent(String.self, forKey: .large2x)
        original = try? container.decodeIfPresent(String.self, forKey: .original)
    }

    enum CodingKeys: String, CodingKey {
        case tiny, small, medium, portrait, large, landscape, large2x, original
    }
}

/// Pexels' error body: `{"status": 401, "code": "Unauthorized"}`; some answers carry `error` instead.
struct PexelsError: Decodable {
    let message: String

    enum CodingKeys: String, CodingKey { case status, code, error, message }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let texts = [CodingKeys.code, .error, .message].compactMap {
            (try? container.decodeIfPresent(String.self, forKey: $0)).nonBlank
        }
        guard let first = texts.first else {
            throw DecodingError.dataCorruptedError(
                forKey: .code, in: container, debugDescription: "no code, error or message")
        }
        message = first
    }
}
