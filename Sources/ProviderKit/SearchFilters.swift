import Foundation

/// What the user wants a photo to be: its licence, shape, size, when and where it was taken.
///
/// Every provider sees the filters in its ``SearchRequest``; it applies at its source those it can
/// (``PhotoProvider/appliedFilters``) and the view-model applies the rest to the photos it
/// receives. A photo whose field is unknown does not pass a filter on that field.
public struct SearchFilters: Sendable, Equatable {
    /// The shape of a photo.
    public enum Orientation: String, Sendable, CaseIterable {
        /// Wider than tall.
        case landscape
        /// Taller than wide.
        case portrait
        /// As wide as tall.
        case square
    }

    /// A fact a licence must allow; several groups combine (all must hold).
    public enum LicenseGroup: String, Sendable, CaseIterable {
        /// Commercial use is allowed.
        case commercial
        /// Modified versions may be made.
        case modify
        /// The author need not be credited.
        case noAttribution = "no-attribution"
    }

    /// Which kinds of filter a provider applies at its source.
    public struct Capabilities: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The licence ids and groups.
        public static let license = Capabilities(rawValue: 1 << 0)
        /// The orientation.
        public static let orientation = Capabilities(rawValue: 1 << 1)
        /// The minimum width and height.
        public static let size = Capabilities(rawValue: 1 << 2)
        /// The taken-after and taken-before dates.
        public static let takenDate = Capabilities(rawValue: 1 << 3)
        /// The place a photo must be near (``SearchFilters/near``).
        public static let near = Capabilities(rawValue: 1 << 4)

        /// Every kind of filter.
        public static let all: Capabilities = [.license, .orientation, .size, .takenDate, .near]

        /// The kind a name of ``names`` spells, or `nil`.
        public static func named(_ name: String) -> Capabilities? {
            [Capabilities.license, .orientation, .size, .takenDate, .near].first { $0.names == [name] }
        }

        /// The kinds' names as options spell them, for status lines.
        public var names: [String] {
            [
                (Capabilities.license, "license"), (.orientation, "orientation"), (.size, "size"),
                (.takenDate, "taken"), (.near, "near"),
            ]
            .compactMap { contains($0.0) ? $0.1 : nil }
        }
    }

    /// Licence ids a photo's licence must be one of (compared without regard to case); empty: any.
    public var licenses: Set<String>
    /// Facts the photo's licence must allow, all of them.
    public var licenseGroups: Set<LicenseGroup>
    /// The shape the photo must have.
    public var orientation: Orientation?
    /// The least pixel width.
    public var minWidth: Int?
    /// The least pixel height.
    public var minHeight: Int?
    /// The photo must be taken at or after this instant. Compared with ``DateTime/orderingDate``:
    /// a photo's instant where its offset is known, its local time (as if UTC) where not.
    public var takenAfter: Date?
    /// The photo must be taken before this instant, compared as ``takenAfter`` is.
    public var takenBefore: Date?
    /// The place the photo must be taken within ``within`` of.
    public var near: Near?
    /// How far from ``near`` a photo may be, in kilometres (25 unless set).
    public var within: Double = SearchFilters.defaultWithin

    /// The distance ``within`` is unless set, in kilometres.
    public static let defaultWithin = 25.0

    /// A place a search is narrowed to: its position and its name as shown.
    public struct Near: Sendable, Equatable {
        /// The place's position.
        public var center: GeoLocation
        /// The place as shown ("Lisbon, Portugal", or the coordinates given).
        public var name: String
        /// Other places the name could mean, most populous first, for `--verbose`.
        public var alternatives: [String]

        /// Creates a place to search near.
        public init(center: GeoLocation, name: String, alternatives: [String] = []) {
            self.center = center
            self.name = name
            self.alternatives = alternatives
        }
    }

    /// Creates filters; with no arguments, none (every photo passes).
    public init(
        licenses: Set<String> = [], licenseGroups: Set<LicenseGroup> = [], orientation: Orientation? = nil,
        minWidth: Int? = nil, minHeight: Int? = nil, takenAfter: Date? = nil, takenBefore: Date? = nil,
        near: Near? = nil
    ) {
        self.licenses = licenses
        self.licenseGroups = licenseGroups
        self.orientation = orientation
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.takenAfter = takenAfter
        self.takenBefore = takenBefore
        self.near = near
    }

    /// The kinds of filter that are set.
    public var kinds: Capabilities {
        var kinds: Capabilities = []
        if !licenses.isEmpty || !licenseGroups.isEmpty { kinds.insert(.license) }
        if orientation != nil { kinds.insert(.orientation) }
        if minWidth != nil || minHeight != nil { kinds.insert(.size) }
        if takenAfter != nil || takenBefore != nil { kinds.insert(.takenDate) }
        if near != nil { kinds.insert(.near) }
        return kinds
    }

    /// Whether no filter is set.
    public var isEmpty: Bool { kinds.isEmpty }

    /// The same filters without the kinds in `applied` (those a source applied itself).
    public func removing(_ applied: Capabilities) -> SearchFilters {
        var rest = self
        if applied.contains(.license) {
            rest.licenses = []
            rest.licenseGroups = []
        }
        if applied.contains(.orientation) { rest.orientation = nil }
        if applied.contains(.size) {
            rest.minWidth = nil
            rest.minHeight = nil
        }
        if applied.contains(.takenDate) {
            rest.takenAfter = nil
            rest.takenBefore = nil
        }
        if applied.contains(.near) { rest.near = nil }
        return rest
    }

    /// Whether `photo` passes every filter; a photo whose field is unknown fails a filter on it.
    public func matches(_ photo: Photo) -> Bool {
        accepts(photo.license) && matchesSize(of: photo) && matchesTaken(photo.takenAt) && isNear(photo.location)
    }

    /// Whether `location` is within ``within`` of ``near`` (great-circle distance); any location
    /// passes when no place is set, none when the photo has none.
    public func isNear(_ location: GeoLocation?) -> Bool {
        guard let near else { return true }
        guard let location else { return false }
        return near.center.kilometres(to: location) <= within
    }

    /// The kinds of filter set here that `photo` lacks the field for (so it cannot pass them).
    public func unknownKinds(in photo: Photo) -> Capabilities {
        var unknown: Capabilities = []
        let license = photo.license
        if !licenses.isEmpty, !acceptsUnknownLicense, license == nil || license?.id == LicenseCatalog.unknown.id {
            unknown.insert(.license)
        }
        for group in licenseGroups {
            let fact: Bool? =
                switch group {
                case .commercial: license?.allowsCommercialUse
                case .modify: license?.allowsModification
                case .noAttribution: license?.requiresAttribution
                }
            if fact == nil { unknown.insert(.license) }
        }
        let (width, height) = Self.dimensions(of: photo)
        if orientation != nil, width == nil || height == nil { unknown.insert(.orientation) }
        if (minWidth != nil && width == nil) || (minHeight != nil && height == nil) { unknown.insert(.size) }
        if takenAfter != nil || takenBefore != nil, photo.takenAt == nil { unknown.insert(.takenDate) }
        if near != nil, photo.location == nil { unknown.insert(.near) }
        return unknown
    }

    /// Whether the ids include `unknown`, which a photo without a known licence passes.
    private var acceptsUnknownLicense: Bool { licenses.contains(LicenseCatalog.unknown.id) }

    /// Whether `license` passes the licence ids and groups (a source uses it to list, from its
    /// own licences, those to ask for).
    public func accepts(_ license: License?) -> Bool {
        if !licenses.isEmpty {
            let id = license?.id.lowercased() ?? LicenseCatalog.unknown.id
            guard licenses.contains(where: { $0.lowercased() == id }) else { return false }
        }
        for group in licenseGroups {
            let holds: Bool? =
                switch group {
                case .commercial: license?.allowsCommercialUse
                case .modify: license?.allowsModification
                case .noAttribution: license?.requiresAttribution.map { !$0 }
                }
            guard holds == true else { return false }
        }
        return true
    }

    private func matchesSize(of photo: Photo) -> Bool {
        guard orientation != nil || minWidth != nil || minHeight != nil else { return true }
        let (width, height) = Self.dimensions(of: photo)
        if let minWidth {
            guard let width, width >= minWidth else { return false }
        }
        if let minHeight {
            guard let height, height >= minHeight else { return false }
        }
        if let orientation {
            guard let width, let height, width > 0, height > 0 else { return false }
            switch orientation {
            case .landscape: return width > height
            case .portrait: return height > width
            case .square: return width == height
            }
        }
        return true
    }

    private func matchesTaken(_ recorded: DateTime?) -> Bool {
        guard takenAfter != nil || takenBefore != nil else { return true }
        guard let takenAt = recorded?.orderingDate else { return false }
        if let takenAfter, takenAt < takenAfter { return false }
        if let takenBefore, takenAt >= takenBefore { return false }
        return true
    }

    /// The photo's pixel size: the original's when known, else the largest image's that has both.
    static func dimensions(of photo: Photo) -> (width: Int?, height: Int?) {
        if photo.width != nil || photo.height != nil { return (photo.width, photo.height) }
        let sized = photo.images.filter { $0.width != nil && $0.height != nil }.max { $0.size < $1.size }
        return (sized?.width, sized?.height)
    }
}
