import Foundation
import ProviderKit

/// Builds `exec` providers: any program that speaks Viewfinder's plugin protocol (docs/PLUGINS.md).
public struct ExecFactory: ProviderFactory {
    /// The options under a `type: exec` instance.
    public struct Options: ProviderOptions {
        /// The program and its arguments, run directly (no shell).
        public var command: [String]
        /// Extra environment variables for the program.
        public var env: [String: String]
        /// Every other key, passed to the program as `options`.
        var passThrough: [String: JSONValue]

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case command
            case env
        }

        public typealias Keys = CodingKeys
        public static var acceptsUnknownKeys: Bool { true }

        /// Creates options.
        public init(command: [String], env: [String: String] = [:]) {
            self.command = command
            self.env = env
            passThrough = [:]
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            command = try container.decode([String].self, forKey: .command)
            guard let program = command.first, program.contains(where: { !$0.isWhitespaceASCIIFirst }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .command, in: container,
                    debugDescription:
                        "must name the program to run and its arguments, e.g. [./plugins/search.py, --fast]")
            }
            env = try container.decodeIfPresent([String: String].self, forKey: .env) ?? [:]
            let all = try decoder.container(keyedBy: AnyKey.self)
            var passThrough: [String: JSONValue] = [:]
            var budget = PluginOptionValues.maximumValues
            for key in all.allKeys where CodingKeys(rawValue: key.stringValue) == nil {
                passThrough[key.stringValue] = try PluginOptionValues.read(
                    all.superDecoder(forKey: key), budget: &budget)
            }
            self.passThrough = passThrough
        }
    }

    /// Creates the factory.
    public init() {}

    public var typeName: String { "exec" }

    public var summary: String { "any program speaking Viewfinder's JSON-lines plugin protocol" }

    /// A program of its own answers: no request goes through the HTTP client.
    public var usesNetwork: Bool { false }

    public func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider {
        guard let program = options.command.first, !program.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ProviderUnavailable.missingOption("command")
        }
        var command = options.command
        command[0] = Self.resolved(program, context: context)
        var environment = ProcessInfo.processInfo.environment.filter {
            !context.secretVariables.contains($0.key)
        }
        environment.merge(options.env) { $1 }
        // Before Viewfinder exits on a signal, every plugin's whole group is killed.
        context.shutdown.add("exec plugins") { RunningPlugins.shared.killAllAndClose() }
        return ExecProvider(
            name: name, command: command, environment: environment, options: options.passThrough,
            secrets: context.secrets, logger: context.logger)
    }

    /// A program that is not there or cannot be run (``ProgramCheck``): a path relative to the
    /// configuration file's folder, or a name looked up in Viewfinder's own `PATH`, where
    /// `posix_spawnp` looks (a `PATH` in the plugin's `env:` is the plugin's, not where it is found).
    public func problems(with options: Options, context: ProviderContext) -> [ProviderUnavailable] {
        guard let program = options.command.first, program.contains(where: { !$0.isWhitespaceASCIIFirst }) else {
            return []
        }
        if program.contains("/") {
            let path = Self.resolved(program, context: context)
            return ProgramCheck.problem(runningFile: path).map {
                [ProviderUnavailable(option: "command", reason: "`\(path)` \($0); check `command`")]
            } ?? []
        }
        guard ProgramCheck.locate(program) == nil else { return [] }
        return [
            ProviderUnavailable(
                option: "command", reason: "no program `\(program)` in PATH; give its path, or install it")
        ]
    }

    /// `program` as it is started: a path with a `/` but not absolute is relative to the
    /// configuration file's folder; a bare name is left for `posix_spawnp` to find in `PATH`.
    private static func resolved(_ program: String, context: ProviderContext) -> String {
        program.contains("/") && !program.hasPrefix("/") ? context.resolvePath(program).path : program
    }
}
