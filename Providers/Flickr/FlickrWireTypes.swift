import Foundation
import ProviderKit

/// What `flickr.photos.search` and `flickr.interestingness.getList` send with
/// `format=json&nojsoncallback=1`, read as leniently as Flickr writes it.
struct FlickrSearchResponse: Decodable {
    let stat: String
    let photos: FlickrPhotoList?
    let code: FlickrNumber?
    let message: String?
}

/// Just the status of an answer, to tell a transient failure without reading a page.
struct FlickrStatus: Decodable {
    let stat: String?
    let code: FlickrNumber?
}

struct FlickrPhotoList: Decodable {
    let page: FlickrNumber?
    let pages: FlickrNumber?
    let perpage: FlickrNumber?
    let total: FlickrNumber?
    /// Only as many photos as were asked for are decoded (see ``BoundedArray``).
    let photo: BoundedArray<FlickrPhoto>

    enum CodingKeys: String, CodingKey { case page, pages, perpage, total, photo }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // A counter JSON cannot give as a Double (1e400) is unknown, not a failed page.
        page = try? container.decodeIfPresent(FlickrNumber.self, forKey: .page)
        pages = try? container.decodeIfPresent(FlickrNumber.self, forKey: .pages)
        perpage = try? container.decodeIfPresent(FlickrNumber.self, forKey: .perpage)
        total = try? container.decodeIfPresent(FlickrNumber.self, forKey: .total)
        photo = try container.decode(BoundedArray<FlickrPhoto>.self, forKey: .photo)
    }
}

struct FlickrPhoto: Decodable {
    let id: String
    let owner: String?
    let secret: String?
    let server: String?
    let title: String?
    let description: FlickrContent?
    let license: FlickrNumber?
    let datetaken: String?
    let datetakenunknown: FlickrNumber?
    let ownername: String?
    let views: FlickrNumber?
    let tags: String?
    let latitude: FlickrNumber?
    let longitude: FlickrNumber?
    let urlQ: String?
    let urlM: String?
    let urlL: String?
    let urlO: String?
    let widthQ: FlickrNumber?
    let heightQ: FlickrNumber?
    let widthM: FlickrNumber?
    let heightM: FlickrNumber?
    let widthL: FlickrNumber?
    let heightL: FlickrNumber?
    let widthO: FlickrNumber?
    let heightO: FlickrNumber?
    let oWidth: FlickrNumber?
    let oHeight: FlickrNumber?

    enum CodingKeys: String, CodingKey {
        case id, owner, secret, server, title, description, license, datetaken, datetakenunknown, ownername, views, tags
        case latitude, longitude
        case urlQ = "url_q"
        case urlM = "url_m"
        case urlL = "url_l"
        case urlO = "url_o"
        case widthQ = "width_q"
        case heightQ = "height_q"
        case widthM = "width_m"
        case heightM = "height_m"
        case widthL = "width_l"
        case heightL = "height_l"
        case widthO = "width_o"
        case heightO = "height_o"
        case oWidth = "o_width"
        case oHeight = "o_height"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Ids are strings, but accept numbers rather than failing on a whole page.
        // Ids are strings, but accept whole numbers rather than failing on a whole page; a number
        // no Int holds (1e19) or with a fraction is a decoding error, never a trap.
        if let text = try? container.decode(String.self, forKey: .id) {
            id = text
        } else {
            id = String(try container.decode(Int64.self, forKey: .id))
        }
        owner = try container.decodeIfPresent(String.self, forKey: .owner)
        secret = try container.decodeIfPresent(String.self, forKey: .secret)
        server =
            (try? container.decodeIfPresent(String.self, forKey: .server))
            ?? (try? container.decodeIfPresent(Int.self, forKey: .server)).flatMap { $0.map(String.init) }
        title = try? container.decodeIfPresent(String.self, forKey: .title)
        description = try? container.decodeIfPresent(FlickrContent.self, forKey: .description)
        license = try? container.decodeIfPresent(FlickrNumber.self, forKey: .license)
        datetaken = try? container.decodeIfPresent(String.self, forKey: .datetaken)
        datetakenunknown = try? container.decodeIfPresent(FlickrNumber.self, forKey: .datetakenunknown)
        ownername = try? container.decodeIfPresent(String.self, forKey: .ownername)
        views = try? container.decodeIfPresent(FlickrNumber.self, forKey: .views)
        tags = try? container.decodeIfPresent(String.self, forKey: .tags)
        latitude = try? container.decodeIfPresent(FlickrNumber.self, forKey: .latitude)
        longitude = try? container.decodeIfPresent(FlickrNumber.self, forKey: .longitude)
        urlQ = try? container.decodeIfPresent(String.self, forKey: .urlQ)
        urlM = try? container.decodeIfPresent(String.self, forKey: .urlM)
        urlL = try? container.decodeIfPresent(String.self, forKey: .urlL)
        urlO = try? container.decodeIfPresent(String.self, forKey: .urlO)
        widthQ = try? container.decodeIfPresent(FlickrNumber.self, forKey: .widthQ)
        heightQ = try? container.decodeIfPresent(FlickrNumber.self, forKey: .heightQ)
        widthM = try? container.decodeIfPresent(FlickrNumber.self, forKey: .widthM)
        heightM = try? container.decodeIfPresent(FlickrNumber.self, forKey: .heightM)
        widthL = try? container.decodeIfPresent(FlickrNumber.self, forKey: .widthL)
        heightL = try? container.decodeIfPresent(FlickrNumber.self, forKey: .heightL)
        widthO = try? container.decodeIfPresent(FlickrNumber.self, forKey: .widthO)
        heightO = try? container.decodeIfPresent(FlickrNumber.self, forKey: .heightO)
        oWidth = try? container.decodeIfPresent(FlickrNumber.self, forKey: .oWidth)
        oHeight = try? container.decodeIfPresent(FlickrNumber.self, forKey: .oHeight)
    }
}

/// Flickr's `{"_content": "…"}` text wrapper.
struct FlickrContent: Decodable {
    let content: String

    enum CodingKeys: String, CodingKey { case content = "_content" }
}

/// A number Flickr may send as a JSON number, a numeric string, or an empty string.
struct FlickrNumber: Decodable {
    let value: Double?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            value = number
        } else if let text = try? container.decode(String.self) {
            value = Double(text.trimmingCharacters(in: .whitespaces))
        } else if container.decodeNil() {
            value = nil
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a number or numeric string")
        }
    }

    /// The whole part, when finite and within ±10^15 (far beyond any real count or size); else `nil`.
    var int: Int? { value.flatMap { $0.isFinite && abs($0) < 1e15 ? Int($0) : nil } }
}
