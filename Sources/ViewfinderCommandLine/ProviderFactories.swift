import CommonsProvider
import ExecProvider
import FiveHundredPxProvider
import FlickrProvider
import LocalFolderProvider
import OpenverseProvider
import PexelsProvider
import PixabayProvider
import ProviderKit
import ServiceBus
import Synchronization
import UnsplashProvider

/// The one list of provider types linked into this program. A new provider module of this
/// repository adds one line here; another package adds its own through
/// ``ViewfinderCommandLine/main(adding:)``.
enum ProviderFactories {
    /// The types added from outside, set once before any command runs.
    private static let added = Mutex<[any ProviderFactory]>([])

    static func add(_ factories: [any ProviderFactory]) {
        added.withLock { $0.append(contentsOf: factories) }
    }

    static var registry: ProviderRegistry {
        var registry = ProviderRegistry()
        registry.use(LocalFolderFactory())
        registry.use(FlickrFactory())
        registry.use(FiveHundredPxFactory())
        registry.use(ExecFactory())
        registry.use(OpenverseFactory())
        registry.use(CommonsFactory())
        registry.use(UnsplashFactory())
        registry.use(PexelsFactory())
        registry.use(PixabayFactory())
        for factory in added.withLock({ $0 }) { registry.use(factory) }
        return registry
    }
}
