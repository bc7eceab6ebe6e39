import ProviderKit

/// The provider types a program knows: type name → factory.
///
/// The executable fills one registry at start-up; libraries never register anything.
package struct ProviderRegistry: Sendable {
    private var factories: [String: any ProviderFactory] = [:]

    /// An empty registry.
    package init() {}

    /// Adds `factory` under its type name, replacing any factory of the same name.
    package mutating func use(_ factory: some ProviderFactory) {
        factories[factory.typeName] = factory
    }

    /// The factory for `typeName`, if registered.
    package func factory(for typeName: String) -> (any ProviderFactory)? {
        factories[typeName]
    }

    /// Every registered type name, sorted.
    package var typeNames: [String] { factories.keys.sorted() }

    /// Every registered factory, sorted by type name.
    package var allFactories: [any ProviderFactory] { typeNames.compactMap { factories[$0] } }
}
