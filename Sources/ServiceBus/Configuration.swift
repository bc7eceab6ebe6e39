import Foundation
import ProviderKit

/// A validated configuration file: search settings and the provider instances it declares.
package struct Configuration: Sendable {
    /// The file as the user named it, for messages.
    package var file: String
    /// The folder relative paths resolve against (the file's own folder).
    package var baseDirectory: URL
    /// The `search:` section.
    package var search: SearchSettings
    /// The `providers:` section, in file order.
    package var instances: [ProviderInstance]
    /// The `download:` section (defaults when the file has none).
    package var download = DownloadSettings()

    /// Creates a configuration; normally the loader does this.
    package init(file: String, baseDirectory: URL, search: SearchSettings, instances: [ProviderInstance]) {
        self.file = file
        self.baseDirectory = baseDirectory
        self.search = search
        self.instances = instances
    }

    /// Every non-empty secret value in the file (API keys), for redacting output.
    package var secrets: [String] { instances.flatMap(\.secrets) }

    /// Every environment variable a secret option was built from, in any instance: the names
    /// a program started by a provider must not inherit.
    package var secretVariables: Set<String> { Set(instances.flatMap(\.secretVariables)) }

    /// Whether an enabled instance sends requests through the HTTP client, so a search with
    /// this configuration's lineup loads libcurl.
    package var usesNetwork: Bool { instances.contains { $0.isEnabled && $0.usesNetwork } }
}

/// The `search:` section.
package struct SearchSettings: Sendable, Equatable {
    /// Results in the merged list.
    package var limit: Int
    /// Deadline for the whole search.
    package var timeout: Duration
    /// `search.filters`: the filters every search uses unless the command line sets them.
    package var filters: SearchFilters

    /// Defaults: 30 results within 10 seconds, no filters.
    package init(limit: Int = 30, timeout: Duration = .seconds(10), filters: SearchFilters = SearchFilters()) {
        self.limit = limit
        self.timeout = timeout
        self.filters = filters
    }
}

/// One entry under `providers:`, checked against its factory and ready to build.
package struct ProviderInstance: Sendable {
    /// The instance name (the mapping key); what `--provider` takes.
    package var name: String
    /// The `type:` value.
    package var typeName: String
    /// `enabled:`; a disabled instance is listed but never built.
    package var isEnabled: Bool
    /// `weight:` in ranking; 1.0 by default.
    package var weight: Double
    /// `timeout:` for this provider alone, when set.
    package var timeout: Duration?
    /// `max_results:`, when set; otherwise the search limit.
    package var maxResults: Int?
    /// For each option key, the environment variables its value came from.
    package var variablesByOption: [String: [String]]
    /// The non-empty values of the options the provider marks secret.
    package var secrets: [String]
    /// The environment variables the secret options' values were built from.
    package var secretVariables: Set<String>
    /// Line of the instance's name in the file.
    package var line: Int?
    /// Whether its provider type sends requests through the HTTP client (its factory's
    /// `usesNetwork`).
    package var usesNetwork: Bool

    let build: @Sendable (_ name: String, _ context: ProviderContext) throws -> any PhotoProvider
    let findProblems: @Sendable (_ context: ProviderContext) -> [ConfigurationIssue]

    /// Creates an instance from its parts; `build` makes the provider.
    package init(
        name: String,
        typeName: String,
        isEnabled: Bool = true,
        weight: Double = 1.0,
        timeout: Duration? = nil,
        maxResults: Int? = nil,
        variablesByOption: [String: [String]] = [:],
        secrets: [String] = [],
        secretVariables: Set<String> = [],
        line: Int? = nil,
        usesNetwork: Bool = true,
        build: @escaping @Sendable (_ name: String, _ context: ProviderContext) throws -> any PhotoProvider,
        problems: @escaping @Sendable (_ context: ProviderContext) -> [ConfigurationIssue] = { _ in [] }
    ) {
        self.name = name
        self.typeName = typeName
        self.isEnabled = isEnabled
        self.weight = weight
        self.timeout = timeout
        self.maxResults = maxResults
        self.variablesByOption = variablesByOption
        self.secrets = secrets
        self.secretVariables = secretVariables
        self.line = line
        self.usesNetwork = usesNetwork
        self.build = build
        self.findProblems = problems
    }

    /// What its provider type finds wrong with the instance's options beyond their form (a
    /// folder that is not there), located at the option, for `viewfinder config check`; none
    /// for a disabled instance.
    package func problems(context: ProviderContext) -> [ConfigurationIssue] {
        var context = context
        context.optionVariables = variablesByOption  // so a problem can name the variable a value came from
        return isEnabled ? findProblems(context) : []
    }
}
