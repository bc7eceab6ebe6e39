import Foundation
import ProviderKit

/// Turns Pexels photos into `Photo`s: `alt` as the title, the photographer and their page,
/// every `src` size, and the Pexels License. Pexels sends no date, tags or counts.
enum PexelsPhotoMapping {
    /// The licence every photo on Pexels is under.
    static let license = LicenseCatalog.pexels

    static func photo(_ wire: PexelsPhoto, provider: String) -> Photo {
        Photo(
            provider: provider, id: wire.id, title: wire.alt.nonBlank, author: wire.photographer.nonBlank,
            authorURL: webURL(wire.photographerURL), pageURL: webURL(wire.url), images: images(wire),
            width: wire.width, height: wire.height, license: license
        ).attributed()
    }

    /// The `src` images, smallest first, each with the pixel size its URL asks Pexels' image
    /// server for (`w`, `h`, `dpr`, `fit=crop`), or the original's size.
    static func images(_ wire: PexelsPhoto) -> [PhotoImage] {
        guard let src = wire.src else { return [] }
        let sized: [(ImageSize, String?)] = [
            (.thumbnail, src.tiny), (.small, src.small), (.medium, src.medium), (.medium, src.portrait),
            (.large, src.large), (.large, src.landscape), (.large, src.large2x),
        ]
        var images: [PhotoImage] = sized.compactMap { size, text in
            guard let url = webURL(text) else { return nil }
            let pixels = PexelsImageSize.pixels(of: url, originalWidth: wire.width, originalHeight: wire.height)
            return PhotoImage(size: size, url: url, width: pixels?.width, height: pixels?.height)
        }
        if let original = webURL(src.original) {
            images.append(PhotoImage(size: .original, url: original, width: wire.width, height: wire.height))
        }
        return images
    }

    /// An `http(s)` URL from the text, or `nil`.
    static func webURL(_ text: String?) -> URL? {
        guard let text = text.nonBlank, let url = URL(string: text),
            ["http", "https"].contains(url.scheme?.lowercased() ?? "")
        else { return nil }
        return url
    }
}
