import Foundation
import ProviderKit

/// Turns Commons file pages into `Photo`s.
///
/// The page URL is the file's short form (`https://commons.wikimedia.org/w/index.php?curid=…`),
/// the one Openverse gives for Commons files, so a file found through both is listed once.
enum CommonsPhotoMapping {
    static func photo(_ page: CommonsPage, provider: String) -> Photo? {
        guard let info = page.imageInfo, let id = page.pageID.map(String.init) ?? page.title else { return nil }
        let meta = info.metadata
        let pageURL = (info.descriptionShortURL ?? info.descriptionURL).flatMap(webURL)
        let fileName = page.title.flatMap(displayName)
        let description = meta.imageDescription.flatMap(CommonsHTMLText.plainText)
        return Photo(
            provider: provider, id: id,
            title: meta.objectName.flatMap(CommonsHTMLText.plainText) ?? fileName,
            description: description,
            author: meta.artist.flatMap(CommonsHTMLText.plainText),
            authorURL: meta.artist.flatMap { CommonsHTMLText.firstLink($0, base: pageURL) },
            pageURL: pageURL, images: images(info), width: info.width, height: info.height,
            takenAt: meta.dateTimeOriginal.flatMap(takenAt),
            tags: (meta.categories ?? "").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty },
            license: license(meta), location: location(meta)
        ).attributed(credit: meta.credit.flatMap(CommonsHTMLText.plainText))
    }

    /// The position the file page's `{{Location}}` gives, when both parts are numbers in range.
    static func location(_ meta: CommonsMetadata) -> GeoLocation? {
        guard let latitude = meta.gpsLatitude.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
            let longitude = meta.gpsLongitude.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
            latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        return GeoLocation(latitude: latitude, longitude: longitude)
    }

    /// The scaled preview (its size class from its width) and the original file.
    static func images(_ info: CommonsImageInfo) -> [PhotoImage] {
        var images: [PhotoImage] = []
        if let thumb = info.thumbURL.flatMap(webURL), thumb.absoluteString != info.url {
            images.append(
                PhotoImage(
                    size: sizeClass(width: info.thumbWidth), url: thumb, width: info.thumbWidth,
                    height: info.thumbHeight))
        }
        if let original = info.url.flatMap(webURL) {
            images.append(PhotoImage(size: .original, url: original, width: info.width, height: info.height))
        }
        return images
    }

    static func sizeClass(width: Int?) -> ImageSize {
        switch width ?? 0 {
        case ..<240: .thumbnail
        case ..<500: .small
        case ..<1024: .medium
        default: .large
        }
    }

    /// `LicenseUrl`, `LicenseShortName` ("CC BY-SA 4.0", "Public domain") or `UsageTerms` in the
    /// catalogue; one it lacks ("GFDL", "CC BY-SA 3.0 de") is `unknown`, keeping Commons' name,
    /// with only the fact Commons states itself: `AttributionRequired`.
    static func license(_ meta: CommonsMetadata) -> License? {
        let url = meta.licenseURL.flatMap(CommonsHTMLText.plainText).flatMap(webURL)
        let names = [meta.licenseShortName, meta.usageTerms].compactMap { $0.flatMap(CommonsHTMLText.plainText) }
        if let url, let known = LicenseCatalog.license(url: url) { return known }
        if let known = names.lazy.compactMap(LicenseCatalog.license(named:)).first { return known }
        guard let name = names.first else { return nil }
        let required = meta.attributionRequired.flatMap(CommonsHTMLText.plainText)?.lowercased()
        return License(
            name: name, url: url, requiresAttribution: required == "true" ? true : required == "false" ? false : nil)
    }

    /// `DateTimeOriginal` is free text: a `<time datetime="2015-06-13">` when a template wrote it,
    /// else "2015-06-13 10:20:30", "2015-06-13T10:20:30Z", "2015-06-13" or words ("circa 1900":
    /// no date). A zone is kept when written; without one the time stays local, as for EXIF dates.
    static func takenAt(_ html: String) -> DateTime? {
        let text = (CommonsHTMLText.timeAttribute(html) ?? CommonsHTMLText.plainText(html) ?? "")
            .trimmingCharacters(in: .whitespaces)
        if let full = DateTime.parse(text) { return full }
        if text.count >= 19, let full = DateTime.parse(String(text.prefix(19))) { return full }
        let day = text.prefix(10)
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            text.count == 10 || !(text.dropFirst(10).first?.isNumber ?? false)
        else { return nil }
        return DateTime.parse(day + " 00:00:00")
    }

    /// "File:Harbor at dusk.jpg" → "Harbor at dusk".
    static func displayName(_ title: String) -> String? {
        var name = title.hasPrefix("File:") ? String(title.dropFirst(5)) : title
        if let dot = name.lastIndex(of: "."), name.distance(from: dot, to: name.endIndex) <= 5 {
            name = String(name[..<dot])
        }
        return Optional(name.replacingOccurrences(of: "_", with: " ")).nonBlank
    }

    /// An absolute http(s) URL; a protocol-relative `//host/…` one gets `https:`.
    static func webURL(_ text: String) -> URL? {
        let absolute = text.hasPrefix("//") ? "https:" + text : text
        guard let url = URL(string: absolute), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host != nil
        else { return nil }
        return url
    }
}
