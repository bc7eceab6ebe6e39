/// One page of results, as a provider streams it.
public struct PhotoPage: Sendable, Equatable {
    /// The photos on this page, best first.
    public var photos: [Photo]
    /// How many results the source says exist in all, when it says.
    public var totalAvailable: Int?
    /// Whether paging stopped here because it fetched as many extra pages as it may to fill a
    /// share that filters left unfilled (``AsyncThrowingStream/extraPageBound``).
    public var reachedPageBound: Bool
    /// The kinds of filter the source says, during the run, that it applied to this run's photos
    /// (a plugin's `filters_applied` line), beyond ``PhotoProvider/appliedFilters``; `nil` when
    /// it says nothing. From this page on they are not applied again.
    public var appliedFilters: SearchFilters.Capabilities?
    /// A short note about the provider's run that its status line shows ("index off: cannot
    /// write …; every search reads every file"); a later page's note replaces an earlier one.
    public var note: String?

    /// Creates a page.
    public init(
        photos: [Photo], totalAvailable: Int? = nil, reachedPageBound: Bool = false,
        appliedFilters: SearchFilters.Capabilities? = nil, note: String? = nil
    ) {
        self.photos = photos
        self.totalAvailable = totalAvailable
        self.reachedPageBound = reachedPageBound
        self.appliedFilters = appliedFilters
        self.note = note
    }
}
