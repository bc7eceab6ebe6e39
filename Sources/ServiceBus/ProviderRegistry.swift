import ProviderKit

/// The provider types a program knows: type name → factory.
///
/// The executable fills one registry at start-up; libraries never register anything.
public struct ProviderRegistry: Sendable {
    private var factories: [String: any ProviderFactory] = [:]

    /// An empty registry.
    public init() {}

    /// Adds `factory` under its type name, replacing any factory of the same name.
    public mutating func use(_ factory: some ProviderFactory) {
        factories[factory.typeName] = factory
    }

    /// The factory for `typeName`, if registered.
    public func factory(for typeName: String) -> (any ProviderFactory)? {
        factories[typeName]
    }

    /// Every registered type name, sorted.
    public var typeNames: [String] { factories.keys.sorted() }

    /// Every registered factory, sorted by type name.
    public var allFactories: [any ProviderFactory] { typeNames.compactMap { factories[$0] } }
}
