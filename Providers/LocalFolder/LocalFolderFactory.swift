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

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        try ProviderUnavailable.require("path", options.path)
        let root = context.resolvePath(options.path)
        return LocalFolderProvider(
            name: name, root: root, recursive: options.recursive,
            indexFile: LocalIndex.location(for: root, in: context.cacheDirectory), logger: context.logger)
    }

    /// A `path` that is not a folder this process can list.
    public func problems(with options: Options, context: ProviderContext) -> [ProviderUnavailable] {
        guard (try? ProviderUnavailable.require("path", options.path)) != nil else { return [] }
        let root = context.resolvePath(options.path)
        var status = stat()
        guard stat(root.path, &status) == 0 else {
            let reason = errno == ENOENT ? "does not exist" : "cannot be reached (\(String(cString: strerror(errno))))"
            return [ProviderUnavailable(option: "path", reason: "folder \(root.path) \(reason); check `path`")]
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return [
                ProviderUnavailable(option: "path", reason: "\(root.path) is a file; set `path` to a folder of photos")
            ]
        }
        guard access(root.path, R_OK | X_OK) == 0 else {
            return [
                ProviderUnavailable(
                    option: "path", reason: "folder \(root.path) cannot be read (\(String(cString: strerror(errno))))")
            ]
        }
        return []
    }
}
