import Foundation
import ProviderKit
import SearchViewModel

/// What one cell of the gallery shows and what its full-screen view needs, worked out from a
/// ranked photo. Every field is plain text: the template escapes it, and links have passed
/// ``SafeLink`` (an unsafe page URL stays as text in `page`, and the page script never links it;
/// on the served page a local photo's image is the server's `/local/<id>`);
/// bidirectional controls are replaced (``PageText``).
package struct GalleryCell: Sendable, Equatable {
    /// 0-based position on the page.
    package let index: Int
    package let title: String
    package let author: String
    /// The provider instance, shown as the source badge.
    package let provider: String
    /// "4000×3000", or empty.
    package let size: String
    /// The licence's short name, or empty.
    package let license: String
    /// The licence's deed, when it is a safe link.
    package let licenseURL: String
    /// The cell's image: a safe link, or a `data:` URI of an embedded thumbnail.
    package let thumb: String
    /// Whether there is one (the template's sections take an empty text as true).
    package let hasThumb: Bool
    /// The largest image, a safe link (or empty).
    package let full: String
    /// The photo's page: a safe link, or the provider's text when it is not one (never linked).
    package let page: String
    /// When it was taken, "2024-05-01", or empty.
    package let date: String
    /// The tags, comma-separated.
    package let tags: String
    /// The camera ("FUJIFILM X-T3"), or empty.
    package let camera: String
    /// Where it was taken, "Lisbon, Portugal" (``PhotoRow/place``), or empty.
    package let place: String
    /// Every part of where it was taken, for the full-screen view (``PhotoRow/placeDetail``).
    package let placeDetail: String
    /// The attribution line to copy.
    package let attribution: String

    /// The cell for `ranked` at `index`; `embeddedThumbnail` (a `data:` URI) replaces the image
    /// in the cell; `allowingFiles` lets `file:` URLs through (the gallery file only).
    package init(
        _ ranked: RankedPhoto, index: Int, embeddedThumbnail: String? = nil, allowingFiles: Bool
    ) {
        let photo = ranked.photo
        let row = PhotoRow(ranked)
        self.index = index
        title = PageText.safe(row.title)
        author = PageText.safe(row.author)
        provider = PageText.safe(row.provider)
        size = row.dimensions
        license = PageText.safe(row.license)
        licenseURL = SafeLink.web(photo.license?.url) ?? ""
        let files = allowingFiles && photo.filePath != nil
        // The served page shows local photos as the server's own `/local/<id>`.
        let image = { (url: URL?) in
            SafeLink.web(url, allowingFiles: files) ?? (allowingFiles ? nil : SafeLink.servedLocal(url))
        }
        full = image(photo.largestImage?.url) ?? ""
        thumb = embeddedThumbnail ?? image(photo.thumbnail?.url) ?? full
        hasThumb = !thumb.isEmpty
        page = SafeLink.web(photo.pageURL, allowingFiles: files) ?? PageText.safe(photo.pageURL?.absoluteString ?? "")
        date = row.taken
        tags = PageText.safe(photo.tags.joinedText(separator: ", "))
        camera = PageText.safe(photo.camera ?? "")
        place = PageText.safe(row.place)
        placeDetail = PageText.safe(row.placeDetail)
        attribution = PageText.safe(photo.attribution?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    }

    /// An empty cell: the served page's `<template>`, which its script fills in for each photo.
    private init() {
        index = 0
        (title, author, provider, size, license, licenseURL) = ("", "", "", "", "", "")
        (thumb, full, page, date, tags, camera, attribution) = ("", "", "", "", "", "", "")
        (place, placeDetail) = ("", "")
        hasThumb = false
    }

    /// The markup every cell of the served page is cloned from.
    package static let blank = GalleryCell()

    /// The fields the page's script places, by the name of the cell's `data-` attribute (the
    /// live events send them so; empty ones are left out).
    var fields: KeyValuePairs<String, String> {
        [
            "title": title, "author": author, "provider": provider, "size": size, "license": license,
            "licenseUrl": licenseURL, "thumb": thumb, "full": full, "page": page, "date": date, "tags": tags,
            "camera": camera, "place": place, "placeDetail": placeDetail, "attribution": attribution,
        ]
    }
}
