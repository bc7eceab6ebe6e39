/// Where a photo was taken, in words: the names a person searches for and reads.
///
/// A source may give them (a file's IPTC or XMP place fields, a site's own location text), or
/// Viewfinder computes them from the photo's position with its offline gazetteer. Any part may
/// be missing: a photo far from any town has a country at most.
public struct PlaceNames: Sendable, Equatable {
    /// The nearest populated place ("Almada"), or the place the source names.
    public var name: String?
    /// The city that place belongs to ("Lisbon"), when it is not the place itself.
    public var city: String?
    /// The first-level region ("Lisbon", "Bavaria", "Cauca").
    public var region: String?
    /// The country's English name ("Portugal").
    public var country: String?
    /// The country's ISO 3166-1 code: alpha-2 ("PT") where Viewfinder computes it, as written where a
    /// file gives it (IPTC's is often alpha-3, "PRT").
    public var countryCode: String?

    /// Creates place names; every part is optional.
    public init(
        name: String? = nil, city: String? = nil, region: String? = nil, country: String? = nil,
        countryCode: String? = nil
    ) {
        self.name = name
        self.city = city
        self.region = region
        self.country = country
        self.countryCode = countryCode
    }

    /// Whether no part is known.
    public var isEmpty: Bool {
        name == nil && city == nil && region == nil && country == nil && countryCode == nil
    }
}
