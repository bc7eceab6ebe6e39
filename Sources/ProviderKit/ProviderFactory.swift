/// Builds providers of one type from their configuration.
///
/// A provider module makes its factory public and keeps everything else internal.
/// The service bus finds factories by `typeName` and decodes `Options` from the
/// instance's YAML, checking every key against `Options.Keys`.
public protocol ProviderFactory: Sendable {
    /// The provider's own configuration options.
    associatedtype Options: ProviderOptions

    /// The `type:` value that selects this factory in YAML, e.g. `"local-folder"`.
    var typeName: String { get }

    /// A one-line description shown by `viewfinder providers`.
    var summary: String { get }

    /// Builds a provider named `name`.
    ///
    /// Throws ``ProviderUnavailable`` when the instance cannot run as configured
    /// (for example an empty API key); the bus then lists it as skipped.
    func makeProvider(name: String, options: Options, context: ProviderContext) throws -> any PhotoProvider

    /// What `viewfinder config check` reports about `options` beyond their form: a folder that
    /// is not there, a program that cannot be run, each with the option at fault and a reason
    /// saying what to change. A search meets the same problems when it runs; the check names
    /// them before then.
    func problems(with options: Options, context: ProviderContext) -> [ProviderUnavailable]

    /// Whether its providers send requests through the shared HTTP client (``ProviderContext``'s
    /// libcurl): `viewfinder` loads libcurl and its TLS library at start-up only for a lineup
    /// with such a provider, and a command without one never loads them.
    var usesNetwork: Bool { get }
}

extension ProviderFactory {
    /// No problems beyond the options' form, by default.
    public func problems(with options: Options, context: ProviderContext) -> [ProviderUnavailable] { [] }

    /// A provider reaches its source over the network, by default.
    public var usesNetwork: Bool { true }
}

/// A provider's options, decoded from its YAML mapping.
///
/// Conformers declare `enum CodingKeys: String, CodingKey, CaseIterable` and
/// `typealias Keys = CodingKeys` so the bus can reject unknown keys and suggest
/// the closest valid one.
public protocol ProviderOptions: Decodable, Sendable {
    /// Every key the options accept.
    associatedtype Keys: CodingKey & CaseIterable

    /// Option keys whose values are secrets (API keys); they never appear in output.
    static var secretKeys: Set<String> { get }

    /// Whether keys beyond `Keys` are accepted (and left to the options to read), as `exec` does.
    static var acceptsUnknownKeys: Bool { get }
}

extension ProviderOptions {
    /// No secrets by default.
    public static var secretKeys: Set<String> { [] }

    /// Unknown keys are errors by default.
    public static var acceptsUnknownKeys: Bool { false }

    /// The accepted key names, in declaration order.
    // A closure, not the key path `\.stringValue`: a key path into a generic type is built at
    // run time from its mangled name, a sixteenth of reading a configuration.
    public static var keyNames: [String] { Keys.allCases.map { $0.stringValue } }
}

/// Why a configured provider instance cannot run; the bus lists it as skipped.
public struct ProviderUnavailable: Error, Sendable, Equatable {
    /// The option whose value is missing or empty, when that is the reason.
    public var option: String?
    /// The reason in words, e.g. "api_key is empty".
    public var reason: String

    /// Creates a reason for skipping.
    public init(option: String? = nil, reason: String) {
        self.option = option
        self.reason = reason
    }

    /// A required option is missing or empty.
    public static func missingOption(_ option: String) -> ProviderUnavailable {
        ProviderUnavailable(option: option, reason: "\(option) is empty")
    }

    /// Throws ``missingOption(_:)`` when `value`, the text of the required `option` (a key, a
    /// path), is empty or only spaces: the instance is then skipped with a note, not failed.
    public static func require(_ option: String, _ value: String) throws(ProviderUnavailable) {
        let blank = value.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        guard !blank else { throw missingOption(option) }
    }
}
