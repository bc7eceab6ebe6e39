/// One page of results, as a provider streams it.
public struct PhotoPage: Sendable, Equatable {
    /// The photos on this page, best first.
    public var photos: [Photo]
    /// How many results the source says exist in all, when it says.
    public var totalAvailable: Int?
    /// Whether paging stopped here because it fetched as many extra pages as it may to fill a
    /// share that filters left unfilled (``AsyncThrowingStream/extraPageBound``).
    public var reachedPageBound: Bool

    /// Creates a page.
    public init(photos: [Photo], totalAvailable: Int? = nil, reachedPageBound: Bool = false) {
        self.photos = photos
        self.totalAvailable = totalAvailable
        self.reachedPageBound = reachedPageBound
    }
}
