import Foundation
import Logging
import ProviderKit
import ServiceBus

/// A provider type with a required secret key, used to exercise option decoding and skipping.
struct KeyedFactory: ProviderFactory {
    struct Options: ProviderOptions {
        var apiKey: String
        var endpoint: String?
        var pageSize: Int
        var tags: [String]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case apiKey = "api_key"
            case endpoint
            case pageSize = "page_size"
            case tags
        }

        typealias Keys = CodingKeys
        static var secretKeys: Set<String> { ["api_key"] }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            apiKey = try container.decodeIfPresent(String.self, forKey: .apiKey) ?? ""
            endpoint = try container.decodeIfPresent(String.self, forKey: .endpoint)
            pageSize = try container.decodeIfPresent(Int.self, forKey: .pageSize) ?? 100
            tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        }
    }

    var typeName: String { "keyed" }
    var summary: String { "a test provider that needs a key" }

    func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        guard !options.apiKey.isEmpty else { throw ProviderUnavailable.missingOption("api_key") }
        return FixedProvider(name: name, supportsPopular: false)
    }
}

/// A provider type with only optional options and a popular feed.
struct PlainFactory: ProviderFactory {
    struct Options: ProviderOptions {
        var recursive: Bool

        enum CodingKeys: String, CodingKey, CaseIterable { case recursive }
        typealias Keys = CodingKeys

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            recursive = try container.decodeIfPresent(Bool.self, forKey: .recursive) ?? true
        }
    }

    var typeName: String { "plain" }
    var summary: String { "a test provider with no required options" }

    func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        FixedProvider(name: name, supportsPopular: true)
    }
}

/// A provider type that takes any extra key as a free-form option, as `exec` does.
struct FreeFormFactory: ProviderFactory {
    struct Options: ProviderOptions {
        enum CodingKeys: String, CodingKey, CaseIterable { case unused }
        typealias Keys = CodingKeys
        static var acceptsUnknownKeys: Bool { true }

        init(from decoder: any Decoder) throws {}
    }

    var typeName: String { "free" }
    var summary: String { "a test provider taking free-form options" }

    func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        FixedProvider(name: name, supportsPopular: true)
    }
}

struct FixedProvider: PhotoProvider {
    let name: String
    let supportsPopular: Bool

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        .pages { index in
            index == 0 ? PhotoPage(photos: [Photo(provider: name, id: "1")]) : nil
        }
    }
}

enum Fixtures {
    static var registry: ProviderRegistry {
        var registry = ProviderRegistry()
        registry.use(KeyedFactory())
        registry.use(PlainFactory())
        return registry
    }

    /// Writes `yaml` to a new temporary folder and loads it as `config.yaml`.
    static func load(
        _ yaml: String, environment: [String: String] = [:], registry: ProviderRegistry = registry
    ) throws(ConfigurationError) -> Configuration {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vf-config-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.yaml")
        try? Data(yaml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try ConfigurationLoader(registry: registry, environment: environment)
            .load(contentsOf: file, displayPath: "config.yaml")
    }

    /// The messages `yaml` produces, one per problem.
    static func problems(
        _ yaml: String, environment: [String: String] = [:], registry: ProviderRegistry = registry
    ) -> [String] {
        do {
            _ = try load(yaml, environment: environment, registry: registry)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    static func context() -> ProviderContext {
        ProviderContext(
            http: CurlHTTPClient(userAgent: "viewfinder-tests"), logger: .init(label: "tests"),
            cacheDirectory: FileManager.default.temporaryDirectory,
            baseDirectory: FileManager.default.temporaryDirectory)
    }
}
