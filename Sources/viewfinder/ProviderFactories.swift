import CommonsProvider
import ExecProvider
import FiveHundredPxProvider
import FlickrProvider
import LocalFolderProvider
import OpenverseProvider
import PexelsProvider
import PixabayProvider
import ServiceBus
import UnsplashProvider

/// The one list of provider types linked into this program. A new provider module adds one line here.
enum ProviderFactories {
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
        return registry
    }
}
