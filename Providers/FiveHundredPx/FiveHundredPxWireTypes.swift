import Foundation
import ProviderKit

/// What `/photos` and `/photos/search` send.
struct FiveHundredPxPhotosResponse: Decodable {
    let currentPage: Int?
    let totalPages: Int?
    let totalItems: Int?
    /// Only as many photos as were asked for are decoded (see ``BoundedArray``).
    let photos: BoundedArray<FiveHundredPxPhoto>

    enum CodingKeys: String, CodingKey {
        case currentPage = "current_page"
        case totalPages = "total_pages"
        case totalItems = "total_items"
        case photos
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Counters the API sends wrong (1e19, 2.5, "x") are unknown, not a failed page.
        currentPage = try? container.decodeIfPresent(Int.self, forKey: .currentPage)
        totalPages = try? container.decodeIfPresent(Int.self, forKey: .totalPages)
        totalItems = try? container.decodeIfPresent(Int.self, forKey: .totalItems)
        photos = try container.decode(BoundedArray<FiveHundredPxPhoto>.self, forKey: .photos)
    }
}

struct FiveHundredPxPhoto: Decodable {
    let id: Int
    let name: String?
    let description: String?
    let rating: Double?
    let timesViewed: Int?
    let votesCount: Int?
    let favoritesCount: Int?
    let width: Int?
    let height: Int?
    let createdAt: String?
    let takenAt: String?
    let nsfw: Bool?
    let category: Int?
    let latitude: Double?
    let longitude: Double?
    let user: FiveHundredPxUser?
    let images: [FiveHundredPxImage]
    let imageURL: [String]
    let url: String?
    /// Sent only when asked for (`tags=1`); a list that is not all text is left out.
    let tags: [String]
    /// The camera as the uploader's file named it ("Canon EOS 5D Mark IV"), often `null`.
    let camera: String?

    enum CodingKeys: String, CodingKey {
        case id, name, description, rating, width, height, nsfw, category, latitude, longitude, user, images, url, tags
        case camera
        case timesViewed = "times_viewed"
        case votesCount = "votes_count"
        case favoritesCount = "favorites_count"
        case createdAt = "created_at"
        case takenAt = "taken_at"
        case imageURL = "image_url"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        description = try? container.decodeIfPresent(String.self, forKey: .description)
        // A decimal, sometimes an integer; a value JSON output cannot carry (1e400 read as infinity) is unknown.
        rating = (try? container.decodeIfPresent(Double.self, forKey: .rating)).flatMap {
            $0?.isFinite == true ? $0 : nil
        }
        timesViewed = try? container.decodeIfPresent(Int.self, forKey: .timesViewed)
        votesCount = try? container.decodeIfPresent(Int.self, forKey: .votesCount)
        favoritesCount = try? container.decodeIfPresent(Int.self, forKey: .favoritesCount)
        width = try? container.decodeIfPresent(Int.self, forKey: .width)
        height = try? container.decodeIfPresent(Int.self, forKey: .height)
        createdAt = try? container.decodeIfPresent(String.self, forKey: .createdAt)
        takenAt = try? container.decodeIfPresent(String.self, forKey: .takenAt)
        tags = ((try? container.decodeIfPresent([String].self, forKey: .tags)) ?? nil) ?? []
        nsfw = try? container.decodeIfPresent(Bool.self, forKey: .nsfw)
        category = try? container.decodeIfPresent(Int.self, forKey: .category)
        latitude = (try? container.decodeIfPresent(Double.self, forKey: .latitude)).flatMap {
            $0?.isFinite == true ? $0 : nil
        }
        longitude = (try? container.decodeIfPresent(Double.self, forKey: .longitude)).flatMap {
            $0?.isFinite == true ? $0 : nil
        }
        user = try? container.decodeIfPresent(FiveHundredPxUser.self, forKey: .user)
        images = (try? container.decodeIfPresent([FiveHundredPxImage].self, forKey: .images)) ?? []
        // `image_url` is a string when one size was asked for, an array when several were.
        if let single = try? container.decodeIfPresent(String.self, forKey: .imageURL) {
            imageURL = [single]
        } else {
            imageURL = (try? container.decodeIfPresent([String].self, forKey: .imageURL)) ?? []
        }
        url = try? container.decodeIfPresent(String.self, forKey: .url)
        camera = try? container.decodeIfPresent(String.self, forKey: .camera)
    }
}

struct FiveHundredPxUser: Decodable {
    let username: String?
    let fullname: String?
}

struct FiveHundredPxImage: Decodable {
    let size: Int
    let url: String?
    let httpsURL: String?
    let format: String?

    enum CodingKeys: String, CodingKey {
        case size, url, format
        case httpsURL = "https_url"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = (try? container.decode(Int.self, forKey: .size)) ?? -1  // an unknown size id reads as large
        url = try? container.decodeIfPresent(String.self, forKey: .url)
        httpsURL = try? container.decodeIfPresent(String.self, forKey: .httpsURL)
        format = try? container.decodeIfPresent(String.self, forKey: .format)
    }
}

/// 500px's error body: `{"status": 401, "error": "Unauthorized"}`.
struct FiveHundredPxError: Decodable {
    let status: Int?
    let error: String?
}
