import Foundation
import Logging
import ProviderKit

/// Finds photos in a folder by the words of their file and folder names.
struct LocalFolderProvider: PhotoProvider {
    let name: String
    let root: URL
    let recursive: Bool
    let matcher: any LocalMatcher
    let logger: Logger

    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        .pages { index in
            guard index == 0 else { return nil }
            return PhotoPage(photos: try search(request))
        }
    }

    /// The best `request.limit` files: by match score for a query, newest first for the popular feed.
    func search(_ request: SearchRequest) throws -> [Photo] {
        let clock = ContinuousClock()
        let started = clock.now
        let files = try FolderWalker(root: root, recursive: recursive).imageFiles()
        logger.debug(
            "\(name): \(files.count) image files under \(root.path), read in \((clock.now - started).shortDescription)")
        let chosen: [LocalFile]
        switch request.operation {
        case .search(let query):
            let terms = TextFolding.words(query)
            let scored = files.compactMap { file in matcher.score(file, terms: terms).map { (file, $0) } }
            chosen = scored.sorted { a, b in
                a.1 != b.1 ? a.1 > b.1 : a.0.relativePath < b.0.relativePath
            }.map(\.0)
        case .popular:
            chosen = files.sorted { a, b in
                a.modified != b.modified ? a.modified > b.modified : a.relativePath < b.relativePath
            }
        }
        return chosen.prefix(max(0, request.limit)).map(photo)
    }

    private func photo(for file: LocalFile) -> Photo {
        Photo(
            provider: name, id: file.relativePath, title: file.displayTitle, pageURL: file.url,
            images: [PhotoImage(size: .original, url: file.url)], filePath: file.url.path)
    }
}
