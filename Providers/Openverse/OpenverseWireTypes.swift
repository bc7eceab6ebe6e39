/// What `GET /v1/images/` sends.
struct OpenverseSearchResponse: Decodable {
    let resultCount: Int?
    let pageCount: Int?
    let page: Int?
    let results: [OpenverseImage]

    enum CodingKeys: String, CodingKey {
        case resultCount = "result_count"
        case pageCount = "page_count"
        case page, results
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
            message = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.joined(separator: " "))" }
                .joined(separator: "; ")
        }
    }
}
