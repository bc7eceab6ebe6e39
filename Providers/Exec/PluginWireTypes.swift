import Foundation
import ProviderKit

/// One line of a plugin's output as JSON. Decoding fails only when the line is not JSON at all;
/// every shape of valid JSON becomes one of these cases.
enum WireLine: Decodable {
    case photo(WirePhoto)
    case error(String)
    /// `{"filters_applied": [names]}`: the filters the program applied itself; `nil` when the
    /// value is not a list of strings.
    case filtersApplied([String]?)
    /// Valid JSON that is neither `{"photo": {…}}`, `{"error": …}` nor `{"filters_applied": …}`.
    case other

    private enum Keys: String, CodingKey {
        case photo, error
        case filtersApplied = "filters_applied"
    }

    init(from decoder: any Decoder) throws {
        // The decoder has already checked the whole line is JSON; only its shape is left to read.
        guard let container = try? decoder.container(keyedBy: Keys.self) else {
            self = .other
            return
        }
        if container.contains(.error) {
            self = .error((try? container.decode(String.self, forKey: .error)) ?? "(an error line without a text)")
        } else if container.contains(.filtersApplied) {
            self = .filtersApplied(try? container.decode([String].self, forKey: .filtersApplied))
        } else if let photo = try? container.decode(WirePhoto.self, forKey: .photo) {
            self = .photo(photo)
        } else {
            self = .other
        }
    }
}

/// A photo as a plugin writes it.
struct WirePhoto: Decodable, Equatable {
    let id: WireID
    let title: String?
    let author: String?
    let pageURL: String?
    let imageURL: String?
    let thumbnailURL: String?
    let width: Int?
    let height: Int?
    let takenAt: String?
    let tags: [String]?
    let license: String?
    let camera: String?
    /// Where it was taken, in decimal degrees; used only when both are numbers.
    let latitude: Double?
    let longitude: Double?

    private enum CodingKeys: String, CodingKey {
        case id, title, author, width, height, tags, license, camera, latitude, longitude
        case pageURL = "page_url"
        case imageURL = "image_url"
        case thumbnailURL = "thumbnail_url"
        case takenAt = "taken_at"
    }

    /// The most tags a photo keeps; later ones are dropped.
    static let maximumTags = 64
    /// The most characters a tag keeps; a longer one is cut.
    static let maximumTagLength = 100
    /// The most characters a title, author, camera or licence name keeps; a longer one is cut.
    static let maximumTextLength = 1_000
    /// The longest URL kept, in bytes; a longer one is ignored (cut, it would lead elsewhere).
    static let maximumURLBytes = 8_192
    /// The longest date kept, in bytes; no date Viewfinder reads is longer.
    static let maximumDateBytes = 64
    /// How many bytes of a text are kept before it is cut to characters: the reader never
    /// builds more of a string than this, however long it is on the line.
    static let keptTextBytes = 64 * 1024

    /// The most bytes of the field `key` worth building: a longer text is cut to
    /// ``keptTextBytes``, a longer URL or date ignored, a longer id refused.
    static func keptBytes(of key: String) -> Int {
        switch key {
        case "id": WireID.maximumBytes + 4
        // Cut at a whole scalar, the first limit + 4 bytes are still more than the limit.
        case "page_url", "image_url", "thumbnail_url": maximumURLBytes + 4
        case "taken_at": maximumDateBytes + 4
        default: keptTextBytes
        }
    }

    /// Creates the photo, its texts, URLs and tags cut to the limits above (blank tags dropped),
    /// however it was read.
    init(
        id: WireID, title: String?, author: String?, pageURL: String?, imageURL: String?, thumbnailURL: String?,
        width: Int?, height: Int?, takenAt: String?, tags: [String]?, license: String?, camera: String?,
        latitude: Double? = nil, longitude: Double? = nil
    ) {
        func text(_ value: String?) -> String? { value.map { Self.cut($0, characters: Self.maximumTextLength) } }
        func within(_ bytes: Int, _ value: String?) -> String? { value.flatMap { $0.utf8.count <= bytes ? $0 : nil } }
        self.id = id
        self.title = text(title)
        self.author = text(author)
        self.pageURL = within(Self.maximumURLBytes, pageURL)
        self.imageURL = within(Self.maximumURLBytes, imageURL)
        self.thumbnailURL = within(Self.maximumURLBytes, thumbnailURL)
        self.width = width
        self.height = height
        self.takenAt = within(Self.maximumDateBytes, takenAt)
        self.tags = tags.map { Array($0.lazy.compactMap(Self.tag).prefix(Self.maximumTags)) }
        self.license = text(license)
        self.camera = text(camera)
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `text` as a tag: `nil` when blank, cut to ``maximumTagLength`` characters.
    static func tag(_ text: String) -> String? {
        text.allSatisfy(\.isWhitespaceASCIIFirst) ? nil : cut(text, characters: maximumTagLength)
    }

    /// `text` cut to ``keptTextBytes`` (at a whole scalar), then to `characters` characters.
    static func cut(_ text: String, characters: Int) -> String {
        var utf8 = Array(text.utf8.prefix(keptTextBytes + 4))
        if utf8.count > keptTextBytes { JSONBytes.cut(&utf8, to: keptTextBytes) }
        let kept = utf8.count == text.utf8.count ? text : String(decoding: utf8, as: UTF8.self)
        return String(kept.prefix(characters))
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil }
        func pixels(_ key: CodingKeys) -> Int? {
            // A size that is not a whole number (fractional, beyond Int) is unknown, never a trap;
            // one of 0 or less is kept, for the provider's check to note and make unknown.
            (try? container.decodeIfPresent(Int.self, forKey: key)) ?? nil
        }
        self.init(
            id: container.contains(.id) ? ((try? container.decode(WireID.self, forKey: .id)) ?? .invalid) : .missing,
            title: text(.title), author: text(.author), pageURL: text(.pageURL), imageURL: text(.imageURL),
            thumbnailURL: text(.thumbnailURL), width: pixels(.width), height: pixels(.height),
            takenAt: text(.takenAt), tags: (try? container.decodeIfPresent([String].self, forKey: .tags)) ?? nil,
            license: text(.license), camera: text(.camera),
            latitude: (try? container.decodeIfPresent(Double.self, forKey: .latitude)) ?? nil,
            longitude: (try? container.decodeIfPresent(Double.self, forKey: .longitude)) ?? nil)
    }

    /// The photo, or why line `line` cannot give one.
    func photo(line: Int, provider: String) throws(ExecError) -> Photo {
        let id: String
        switch self.id {
        case .text(let text): id = text
        case .missing: throw .missingID(line: line)
        case .invalid: throw .invalidID(line: line)
        case .tooLong: throw .idTooLong(line: line, limit: WireID.maximumBytes)
        }
        var images: [PhotoImage] = []
        if let thumbnail = thumbnailURL.flatMap(URL.init(string:)) {
            images.append(PhotoImage(size: .thumbnail, url: thumbnail))
        }
        if let image = imageURL.flatMap(URL.init(string:)) {
            images.append(PhotoImage(size: .large, url: image, width: width, height: height))
        }
        return Photo(
            provider: provider, id: id, title: title, author: author, pageURL: pageURL.flatMap(URL.init(string:)),
            images: images, width: width, height: height,
            takenAt: takenAt.flatMap(DateTime.parse),
            tags: tags ?? [], license: license.flatMap { LicenseCatalog.resolve(name: $0, url: nil) },
            location: latitude.flatMap { latitude in longitude.map { GeoLocation(latitude: latitude, longitude: $0) } },
            camera: CameraName.from(make: nil, model: camera)
        ).attributed()
    }
}

/// A photo's `id`: a non-empty string, or a whole number of at most 38 digits written out in
/// full (`1e19` is `10000000000000000000`, `42.0` is `42`), never rounded through a `Double`.
/// A longer or fractional number is refused rather than rounded: two ids rounded alike would
/// merge two photos.
enum WireID: Decodable, Equatable {
    case text(String)
    case missing
    case invalid
    /// Text longer than ``maximumBytes``: refused rather than cut, since two ids cut alike
    /// would merge two photos.
    case tooLong

    /// The longest id taken, in bytes.
    static let maximumBytes = 1_024

    /// The id `text` gives: too long, blank (naming nothing), or the text.
    init(text: String) {
        if text.utf8.count > Self.maximumBytes {
            self = .tooLong
        } else {
            self = text.allSatisfy(\.isWhitespaceASCIIFirst) ? .missing : .text(text)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = WireID(text: text)
        } else if let number = try? container.decode(Decimal.self), number.isFinite {
            let text = number.description
            let digits = text.filter(\.isNumber)
            self = text.allSatisfy { $0.isNumber || $0 == "-" } && digits.count <= 38 ? .text(text) : .invalid
        } else {
            self = container.decodeNil() ? .missing : .invalid
        }
    }
}
