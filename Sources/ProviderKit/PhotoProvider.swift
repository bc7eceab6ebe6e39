/// A source of photos: Flickr, 500px, a local folder, or any module added later.
///
/// A provider answers a request with a stream of pages, best results first, so a
/// fast source is visible before a slow one finishes. It stops when the consuming
/// task is cancelled and reports bad data as an error, never by crashing.
public protocol PhotoProvider: Sendable {
    /// The instance name from the configuration; every photo carries it.
    var name: String { get }

    /// Whether the provider has a popular or featured feed.
    var supportsPopular: Bool { get }

    /// Streams result pages for `request`, sending no more than `request.limit` photos in all.
    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error>

    /// Tells the source that `photo`, one of its results, was downloaded, where its terms ask
    /// for that (Unsplash's `download_location`); nothing by default.
    func reportDownload(of photo: Photo) async throws

    /// The kinds of ``SearchRequest/filters`` the provider applies at its source (translated into
    /// its request); the view-model applies the others to the photos it receives.
    var appliedFilters: SearchFilters.Capabilities { get }

    /// The kinds of filter the provider applies at its source for `operation`; a source whose
    /// popular feed takes no filters applies fewer there than in a search. By default
    /// ``appliedFilters`` for every operation.
    func appliedFilters(for operation: SearchRequest.Operation) -> SearchFilters.Capabilities

    /// Whether the provider matches time words in a query (`2019`, `june`, `2019-06`) against
    /// when each photo was taken itself, as a local folder does. Otherwise, when it applies the
    /// taken-date filter at its source, the view-model sends it the words as a date range, taken
    /// out of the text; any other provider gets them in the text. `false` by default.
    var matchesTimeWords: Bool { get }
}

extension PhotoProvider {
    /// By default a provider applies no filter itself.
    public var appliedFilters: SearchFilters.Capabilities { [] }

    /// By default a provider applies the same filters whatever the operation.
    public func appliedFilters(for operation: SearchRequest.Operation) -> SearchFilters.Capabilities {
        appliedFilters
    }

    /// By default a provider leaves time words to its source's text search.
    public var matchesTimeWords: Bool { false }
}
