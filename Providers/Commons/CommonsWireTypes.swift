import Foundation

/// What `action=query&format=json&formatversion=1` sends. With no results there is no `query`
/// at all (`{"batchcomplete":""}`); errors come over HTTP 200 as `error`.
struct CommonsQueryResponse: Decodable {
    /// The files of this answer, keyed by page id (as text), in no useful order.
    let pages: [String: CommonsPage]
    /// The `continue` object to send back for the next batch; `nil` on the last one.
    let continuation: [String: String]?
    let error: CommonsAPIError?
    /// Texts of `warnings` (`{"main":{"*":"…"},"search":{"*":"…"}}`), module first.
    let warnings: [String]

    enum CodingKeys: String, CodingKey {
        case query, error, warnings
        case continuation = "continue"
    }

    enum QueryKeys: String, CodingKey { case pages }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = try? container.decodeIfPresent(CommonsAPIError.self, forKey: .error)
        if container.contains(.query), (try? container.decodeNil(forKey: .query)) == false {
            let query = try container.nestedContainer(keyedBy: QueryKeys.self, forKey: .query)
            // A page that is not shaped like a page is left out, not the whole batch.
            let lenient = try query.decodeIfPresent([String: Lenient<CommonsPage>].self, forKey: .pages) ?? [:]
            pages = lenient.compactMapValues(\.value)
        } else {
            pages = [:]
        }
        continuation = (try? container.decodeIfPresent([String: Scalar].self, forKey: .continuation))?
            .flatMap { $0 }?.compactMapValues(\.text)
        let warnings = (try? container.decodeIfPresent([String: [String: Scalar]].self, forKey: .warnings)) ?? nil
        self.warnings = (warnings ?? [:]).sorted { $0.key < $1.key }.compactMap { module, texts in
            (texts["*"]?.text ?? texts["warnings"]?.text).map { "\(module): \($0)" }
        }
    }
}

/// One file page. `index` is the search rank (categories give none).
struct CommonsPage: Decodable {
    let pageID: Int?
    let title: String?
    let index: Int?
    let imageInfo: CommonsImageInfo?

    enum CodingKeys: String, CodingKey {
        case title, index
        case pageID = "pageid"
        case imageInfo = "imageinfo"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pageID = try? container.decodeIfPresent(Int.self, forKey: .pageID)
        title = try? container.decodeIfPresent(String.self, forKey: .title)
        index = try? container.decodeIfPresent(Int.self, forKey: .index)
        imageInfo =
            (try? container.decodeIfPresent([Lenient<CommonsImageInfo>].self, forKey: .imageInfo))?
            .flatMap { $0 }?.first?.value
    }
}

/// The latest revision's file information.
struct CommonsImageInfo: Decodable {
    let url: String?
    let descriptionURL: String?
    let descriptionShortURL: String?
    let thumbURL: String?
    let thumbWidth: Int?
    let thumbHeight: Int?
    let width: Int?
    let height: Int?
    let mime: String?
    let metadata: CommonsMetadata

    enum CodingKeys: String, CodingKey {
        case url, width, height, mime
        case descriptionURL = "descriptionurl"
        case descriptionShortURL = "descriptionshorturl"
        case thumbURL = "thumburl"
        case thumbWidth = "thumbwidth"
        case thumbHeight = "thumbheight"
        case metadata = "extmetadata"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = { (key: CodingKeys) in (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil }
        // Sizes no Int holds, fractions and zero are unknown rather than a failed page.
        let size = { (key: CodingKeys) -> Int? in
            ((try? container.decodeIfPresent(Int.self, forKey: key)) ?? nil).flatMap { $0 > 0 ? $0 : nil }
        }
        url = text(.url)
        descriptionURL = text(.descriptionURL)
        descriptionShortURL = text(.descriptionShortURL)
        thumbURL = text(.thumbURL)
        thumbWidth = size(.thumbWidth)
        thumbHeight = size(.thumbHeight)
        width = size(.width)
        height = size(.height)
        mime = text(.mime)
        metadata = ((try? container.decodeIfPresent(CommonsMetadata.self, forKey: .metadata)) ?? nil) ?? .empty
    }
}

/// The `extmetadata` fields we map. Each is `{"value": …, "source": …, "hidden": ""}`; values
/// are HTML text, though some (`CommonsMetadataExtension`) are numbers.
struct CommonsMetadata: Decodable {
    let objectName: String?
    let imageDescription: String?
    let artist: String?
    let credit: String?
    let attributionRequired: String?
    let dateTimeOriginal: String?
    let categories: String?
    let licenseShortName: String?
    let licenseURL: String?
    let usageTerms: String?
    /// Where it was taken, from the file page's `{{Location}}` template, in decimal degrees.
    let gpsLatitude: String?
    let gpsLongitude: String?

    static let empty = CommonsMetadata()

    enum CodingKeys: String, CodingKey {
        case objectName = "ObjectName"
        case imageDescription = "ImageDescription"
        case artist = "Artist"
        case credit = "Credit"
        case attributionRequired = "AttributionRequired"
        case dateTimeOriginal = "DateTimeOriginal"
        case categories = "Categories"
        case licenseShortName = "LicenseShortName"
        case licenseURL = "LicenseUrl"
        case usageTerms = "UsageTerms"
        case gpsLatitude = "GPSLatitude"
        case gpsLongitude = "GPSLongitude"
    }

    private struct Field: Decodable {
        let value: Scalar?
    }

    private init() {
        objectName = nil
        imageDescription = nil
        artist = nil
        credit = nil
        attributionRequired = nil
        dateTimeOriginal = nil
        categories = nil
        licenseShortName = nil
        licenseURL = nil
        usageTerms = nil
        gpsLatitude = nil
        gpsLongitude = nil
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let value = { (key: CodingKeys) in
            ((try? container.decodeIfPresent(Field.self, forKey: key)) ?? nil)?.value?.text
        }
        objectName = value(.objectName)
        imageDescription = value(.imageDescription)
        artist = value(.artist)
        credit = value(.credit)
        attributionRequired = value(.attributionRequired)
        dateTimeOriginal = value(.dateTimeOriginal)
        categories = value(.categories)
        licenseShortName = value(.licenseShortName)
        licenseURL = value(.licenseURL)
        usageTerms = value(.usageTerms)
        gpsLatitude = value(.gpsLatitude)
        gpsLongitude = value(.gpsLongitude)
    }
}

/// MediaWiki's error: `{"error":{"code":"…","info":"…","*":"See …"},"servedby":"…"}`.
struct CommonsAPIError: Decodable {
    let code: String
    let info: String?
}

/// A JSON string, number or boolean as text (MediaWiki sends `"gsroffset": 50` and `"continue": "gsroffset||"`
/// side by side); anything else is `nil`.
struct Scalar: Decodable {
    let text: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            text = string
        } else if let integer = try? container.decode(Int.self) {
            text = String(integer)
        } else if let number = try? container.decode(Double.self) {
            text = String(number)
        } else if let flag = try? container.decode(Bool.self) {
            text = String(flag)
        } else {
            text = nil
        }
    }
}

/// A value that is `nil` instead of an error when it does not decode.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
