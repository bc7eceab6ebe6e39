import Foundation
import ProviderKit

/// Picsum's wire format: `GET /v2/list?page=N&limit=M` answers a JSON array of
/// `{"id", "author", "width", "height", "url", "download_url"}`, as https://picsum.photos
/// documents it.
enum PicsumWire {
    struct Item: Decodable {
        let id: String
        let author: String?
        let width: Int?
        let height: Int?
        let url: String?
        let downloadURL: String?

        enum CodingKeys: String, CodingKey {
            case id, author, width, height, url
            case downloadURL = "download_url"
        }
    }

    static func listURL(endpoint: URL, page: Int, limit: Int) throws -> URL {
        try URL.apiCall(
            endpoint: endpoint, path: "/v2/list",
            query: [
                URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "limit", value: String(limit)),
            ],
            source: "Picsum")
    }

    /// The list in `response`, or an error that says what happened.
    static func items(in response: HTTPResponse) throws -> [Item] {
        guard response.isSuccess else {
            throw ProviderError.unavailable(
                "Picsum answered HTTP \(response.status) (\(response.bodyExcerpt)); try again later")
        }
        do {
            return try JSONDecoder().decode([Item].self, from: response.body)
        } catch {
            throw ProviderError.badData("Picsum sent a list that is not the JSON it documents: \(response.bodyExcerpt)")
        }
    }

    /// A Picsum item as a photo: its page on Unsplash, a 400-pixel-wide thumbnail and the original.
    static func photo(_ item: Item, provider: String) -> Photo {
        var images: [PhotoImage] = []
        let base = item.downloadURL.flatMap(URL.init(string:))?.deletingLastPathComponent().deletingLastPathComponent()
        if let base, let width = item.width, let height = item.height, width > 0 {
            let thumbnailHeight = max(1, height * 400 / width)
            images.append(
                PhotoImage(
                    size: .thumbnail, url: base.appendingPathComponent("400/\(thumbnailHeight)"), width: 400,
                    height: thumbnailHeight))
        }
        if let original = item.downloadURL.flatMap(URL.init(string:)) {
            images.append(PhotoImage(size: .original, url: original, width: item.width, height: item.height))
        }
        return Photo(
            provider: provider, id: item.id, title: item.author.map { "Photo by \($0)" }, author: item.author,
            pageURL: item.url.flatMap(URL.init(string:)), images: images, width: item.width, height: item.height,
            license: LicenseCatalog.unsplash)
    }
}
