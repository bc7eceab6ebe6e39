import Foundation
import Logging
import Places
import ProviderKit

/// Finds photos in a folder by their metadata and the words of their file and folder names.
struct LocalFolderProvider: PhotoProvider {
    let name: String
    let root: URL
    let recursive: Bool
    /// Where the folder's index is kept; `nil` for none.
    let indexFile: URL?
    let logger: Logger
    /// Reads one file by its path; tests set it to make a file slow (see ``FolderWalker/examine``).
    var examine: (@Sendable (_ path: String) throws(ImageMetadataError) -> ImageInspector.Outcome)?

    var supportsPopular: Bool { true }
    /// The folder's files are all at hand: every filter is applied to them directly, so the
    /// best `limit` files that pass are returned.
    var appliedFilters: SearchFilters.Capabilities { .all }
    /// Each photo's taken year and month are among its searchable words.
    var matchesTimeWords: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        .pages { index in
            guard index == 0 else { return nil }
            let (photos, note) = try await search(request)
            return PhotoPage(photos: photos, note: note)
        }
    }

    /// The best `request.limit` files: by match score for a query; highest rated, then newest,
    /// for the popular feed; and a note for the status line when the index is off.
    func search(_ request: SearchRequest) async throws -> (photos: [Photo], note: String?) {
        let clock = ContinuousClock()
        let started = clock.now
        let rootPath = root.standardizedFileURL.path
        let filters = request.filters
        let provider = self
        let keep: @Sendable (LocalFile) -> Bool = { filters.isEmpty || filters.matches(provider.photo(for: $0)) }
        // Scoring runs on every core, so it runs off Swift's pool: on the walk's own thread.
        let (indexNotSaved, photos) = try await FolderWalker(
            root: root, recursive: recursive, indexFile: indexFile, examine: examine
        ).walk { report in
            provider.logger.debug(
                "\(provider.name): \(provider.root.path): \(report.summary); read in \((clock.now - started).shortDescription)"
            )
            let catalog = report.catalog
            let chosen =
                switch request.operation {
                case .search(let query):
                    catalog.search(MetadataMatcher(query: query), limit: request.limit, root: rootPath, keep: keep)
                case .popular:
                    catalog.popular(limit: request.limit, root: rootPath, keep: keep)
                }
            // The catalog is let go here.
            return (report.indexNotSaved, chosen.map { provider.photo(for: $0).namingPlace() })
        }
        // Said on the status line too: a silent cache failure makes every search slow.
        let note = indexNotSaved.map { "index off: \($0); every search reads every file" }
        return (photos, note)
    }

    private func photo(for file: LocalFile) -> Photo {
        let metadata = file.metadata
        let url = file.url
        let location = metadata?.location
        var photo = Photo(
            provider: name, id: file.id, title: metadata?.title ?? file.displayTitle,
            description: metadata?.description, author: metadata?.creator, pageURL: url,
            images: [PhotoImage(size: .original, url: url, width: metadata?.width, height: metadata?.height)],
            width: metadata?.width, height: metadata?.height, takenAt: metadata?.takenAt,
            tags: metadata?.keywords ?? [],
            license: metadata?.rights.license, popularity: Popularity(rating: metadata?.rating), location: location,
            place: metadata?.place,
            camera: CameraName.from(make: metadata?.cameraMake, model: metadata?.cameraModel), filePath: file.path
        ).attributed()
        photo.companionFiles = file.companionURLs
        return photo.withoutImpossibleValues().photo ?? photo  // a size of 0 in a header is unknown
    }
}
