/// One page of results, as a provider streams it.
public struct PhotoPage: Sendable, Equatable {
    /// The photos on this page, best first.
    public var photos: [Photo]
    /// How many results the source says exist in all, when it says.
    public var totalAvailable: Int?

    /// Creates a page.
    public init(photos: [Photo], totalAvailable: Int? = nil) {
        self.photos = photos
        self.totalAvailable = totalAvailable
    }
}
