import Foundation
import ProviderKit

/// Builds `local-folder` providers: photos in a folder on this machine, found by name.
public struct LocalFolderFactory: ProviderFactory {
    /// The options under a `type: local-folder` instance.
    public struct Options: ProviderOptions {
        /// The folder to search; relative paths resolve against the configuration file's folder.
        public var path: String
        /// Whether to search sub-folders too. Default `true`.
        public var recursive: Bool

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case path
            case recursive
        }

        public typealias Keys = CodingKeys

        /// Creates options.
        public init(path: String, recursive: Bool = true) {
            self.path = path
            self.recursive = recursive
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(String.self, forKey: .path)
            recursive = try container.decodeIfPresent(Bool.self, forKey: .recursive) ?? true
        }
    }

    /// Creates the factory.
    public init() {}

    public var typeName: String { "local-folder" }

    public var summary: String { "photos in a folder on this machine, found by their metadata and names" }

    /// Files on this machine: no request goes through the HTTP client.
    public var usesNetwork: Bool { false }

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        try ProviderUnavailable.require("path", options.path)
        let root = context.resolvePath(options.path)
        return LocalFolderProvider(
            name: name, root: root, recursive: options.recursive,
            indexFile: LocalIndex.location(for: root, in: context.cacheDirectory), logger: context.logger)
    }

    /// A `path` that is not a folder this process can list, in the words a search would use.
    public func problems(with options: Options, context: ProviderContext) -> [ProviderUnavailable] {
        guard (try? ProviderUnavailable.require("path", options.path)) != nil else { return [] }
        let variables = (context.optionVariables["path"] ?? []).map { "$\($0)" }.joinedText(separator: ", ")
        let from = variables.isEmpty ? "" : " (`path` is made from \(variables))"
        return FolderCheck.problem(context.resolvePath(options.path)).map {
            [ProviderUnavailable(option: "path", reason: $0.message + from)]
        } ?? []
    }
}
