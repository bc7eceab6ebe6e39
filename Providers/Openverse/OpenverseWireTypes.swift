import ProviderKit

/// What `GET /v1/images/` sends.
struct OpenverseSearchResponse: Decodable {
    let resultCount: Int?
    let pageCount: Int?
    let page: Int?
    /// Only as many results as were asked for are decoded (see ``BoundedArray``).
    let results: BoundedArray<OpenverseImage>

    enum CodingKeys: String, CodingKey {
        case resultCount = "result_count"
        case pageCount = "page_count"
        case page, results
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Counters sent wrong (1e19, 2.5, "x") are unknown, not a failed page.
        resultCount = try? container.decodeIfPresent(Int.self, forKey: .resultCount)
        pageCount = try? container.decodeIfPresent(Int.self, forKey: .pageCount)
        page = try? container.decodeIfPresent(Int.self, forKey: .page)
        results = try container.decode(BoundedArray<OpenverseImage>.self, forKey: .results)
    }
}

struct OpenverseImage: Decodable {
    let id: String
    let title: String?
    let foreignLandingURL: String?
    let url: String?
    let thumbnail: String?
    let creator: String?
    let license: String?
    let licenseVersion: String?
    let licenseURL: String?
    let tags: [OpenverseTag]?
    let width: Int?
    let height: Int?
    let mature: Bool?

    enum CodingKeys: String, CodingKey {
        case id, title, url, thumbnail, creator, license, tags, width, height, mature
        case foreignLandingURL = "foreign_landing_url"
        case licenseVersion = "license_version"
        case licenseURL = "license_url"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try? container.decodeIfPresent(String.self, forKey: .title)
        foreignLandingURL = try? container.decodeIfPresent(String.self, forKey: .foreignLandingURL)
        url = try? container.decodeIfPresent(String.self, forKey: .url)
        thumbnail = try? container.decodeIfPresent(String.self, forKey: .thumbnail)
        creator = try? container.decodeIfPresent(String.self, forKey: .creator)
        license = try? container.decodeIfPresent(String.self, forKey: .license)
        licenseVersion = try? container.decodeIfPresent(String.self, forKey: .licenseVersion)
        licenseURL = try? container.decodeIfPresent(String.self, forKey: .licenseURL)
        tags = (try? container.decodeIfPresent([OpenverseTag].self, forKey: .tags)).flatMap { $0 }
        // Sizes no Int holds (1e19) and fractions are unknown rather than a failed page; negatives
        // and zero are made unknown, with a note, by the page's check (FetchedPage(checking:)).
        width = (try? container.decodeIfPresent(Int.self, forKey: .width)) ?? nil
        height = (try? container.decodeIfPresent(Int.self, forKey: .height)) ?? nil
        mature = try? container.decodeIfPresent(Bool.self, forKey: .mature)
    }
}

struct OpenverseTag: Decodable {
    let name: String
}

/// Openverse's error body: `{"detail": "…"}` or `{"detail": {"field": ["…"]}}`.
struct OpenverseError: Decodable {
    let message: String

    enum CodingKeys: String, CodingKey { case detail }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try? container.decode(String.self, forKey: .detail) {
            message = text
        } else {
            let fields = try container.decode([String: [String]].self, forKey: .detail)
            message = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.joinedText(separator: " "))" }
                .joinedText(separator: "; ")
        }
    }
}
