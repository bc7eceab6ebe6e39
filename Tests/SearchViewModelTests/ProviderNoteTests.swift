import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus
import Testing

/// A provider whose pages carry notes about its run (as the local folder's does when its index
/// cannot be written), then ends as told.
private struct NotingProvider: PhotoProvider {
    let name = "noting"
    let pages: [PhotoPage]
    var failure: ProviderError?
    var supportsPopular: Bool { false }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let pages = pages
        let failure = failure
        return AsyncThrowingStream { continuation in
            for page in pages { continuation.yield(page) }
            continuation.finish(throwing: failure)
        }
    }
}

@Suite("Provider notes on the status")
struct ProviderNoteTests {
    private func search(_ provider: NotingProvider, limit: Int = 10) async -> SearchState {
        let model = SearchViewModel(
            lineup: ProviderLineup(providers: [LiveProvider(provider: provider, typeName: "t")]),
            settings: SearchSettings(limit: limit, timeout: .seconds(300)))
        return await model.search(SearchRequest(.search("x"), limit: limit))
    }

    private static func photos(_ count: Int) -> [Photo] {
        (1...count).map { Photo(provider: "noting", id: "\($0)") }
    }

    @Test("a page's note reaches the provider's status and its row, alongside the photos")
    func noteWithPhotos() async {
        let state = await search(NotingProvider(pages: [PhotoPage(photos: Self.photos(3), note: "index off: x")]))
        #expect(state.results.count == 3)
        #expect(state.providers[0].phase == .ok)
        #expect(state.providers[0].note == "index off: x")
        #expect(ProviderStatusRow(state.providers[0]).note == "index off: x")
        #expect(ProviderStatusRow(state.providers[0]).detail.hasPrefix("3 photos in "))
    }

    @Test("a note on an empty page, or after the share is full, is kept; a later note replaces an earlier one")
    func laterNoteAndFullShare() async {
        let pages = [
            PhotoPage(photos: [], note: "first"), PhotoPage(photos: Self.photos(2)),
            PhotoPage(photos: Self.photos(2), note: "second"),
        ]
        let state = await search(NotingProvider(pages: pages), limit: 2)
        #expect(state.results.count == 2)
        #expect(state.providers[0].note == "second")
    }

    @Test("a note survives the provider's failure; without notes there is none")
    func noteAndFailure() async {
        let failing = NotingProvider(
            pages: [PhotoPage(photos: Self.photos(1), note: "slow today")], failure: .badData("broken"))
        let failed = await search(failing)
        #expect(failed.providers[0].phase == .failed)
        #expect(failed.providers[0].note == "slow today")
        let plain = await search(NotingProvider(pages: [PhotoPage(photos: Self.photos(1))]))
        #expect(plain.providers[0].note == nil)
        #expect(ProviderStatusRow(plain.providers[0]).note.isEmpty)
    }
}
