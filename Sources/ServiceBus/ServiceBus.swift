import Foundation
import ProviderKit

/// The one place providers are built: configuration in, live providers (and the skipped ones, with reasons) out.
package struct ServiceBus: Sendable {
    /// The configuration the bus builds from.
    package let configuration: Configuration
    /// The shared services handed to every provider.
    package let context: ProviderContext

    /// Creates a bus.
    package init(configuration: Configuration, context: ProviderContext) {
        self.configuration = configuration
        self.context = context
    }

    /// Builds the instances named in `names` (all of them when empty) for `operation`.
    ///
    /// An instance that cannot run is skipped with a reason. A name that is not configured,
    /// or an instance the user named explicitly that cannot run, is an error.
    package func lineup(for operation: SearchRequest.Operation?, selecting names: [String] = []) throws(ServiceBusError)
        -> ProviderLineup
    {
        let configured = configuration.instances.map(\.name)
        for name in names where !configured.contains(name) {
            throw .unknownProvider(name: name, configured: configured, file: configuration.file)
        }
        var lineup = ProviderLineup()
        for instance in configuration.instances where names.isEmpty || names.contains(instance.name) {
            switch build(instance) {
            case .success(let provider):
                if operation == .popular && !provider.supportsPopular {
                    if !names.isEmpty {
                        throw .selectedProviderUnavailable(
                            name: instance.name,
                            reason:
                                "type \(instance.typeName) has no popular feed; `popular` runs only providers that have one"
                        )
                    }
                    lineup.skipped.append(SkippedProvider(instance, reason: "has no popular feed"))
                } else {
                    lineup.providers.append(LiveProvider(provider: provider, instance: instance))
                }
            case .failure(let skipped):
                if !names.isEmpty {
                    throw .selectedProviderUnavailable(name: instance.name, reason: skipped.reason)
                }
                lineup.skipped.append(skipped)
            }
        }
        return lineup
    }

    private func build(_ instance: ProviderInstance) -> Result<any PhotoProvider, SkippedProvider> {
        guard instance.isEnabled else {
            return .failure(
                SkippedProvider(instance, reason: "`enabled: false` in \(configuration.file)", isDisabled: true))
        }
        do {
            var context = context
            context.optionVariables = instance.variablesByOption
            context.secretVariables = configuration.secretVariables
            context.secrets = Redactor(secrets: configuration.secrets)
            return .success(try instance.build(instance.name, context))
        } catch let unavailable as ProviderUnavailable {
            return .failure(SkippedProvider(instance, reason: skipReason(unavailable, instance)))
        } catch {
            return .failure(SkippedProvider(instance, reason: "\(error)"))
        }
    }

    private func skipReason(_ unavailable: ProviderUnavailable, _ instance: ProviderInstance) -> String {
        guard let option = unavailable.option else { return unavailable.reason }
        let variables = instance.variablesByOption[option] ?? []
        guard !variables.isEmpty else {
            return "\(unavailable.reason); set `\(option)` in \(configuration.file)"
        }
        let names = variables.map { "$\($0)" }.joinedText(separator: " or ")
        return "\(unavailable.reason); set \(names) to enable it"
    }
}

/// The providers one search runs, and the configured ones it will not run.
package struct ProviderLineup: Sendable {
    /// Built providers, in configuration order.
    package var providers: [LiveProvider] = []
    /// Instances that will not run, with reasons.
    package var skipped: [SkippedProvider] = []

    /// An empty lineup.
    package init(providers: [LiveProvider] = [], skipped: [SkippedProvider] = []) {
        self.providers = providers
        self.skipped = skipped
    }
}

/// A built provider with the settings the view-model needs.
package struct LiveProvider: Sendable {
    /// The provider.
    package var provider: any PhotoProvider
    /// The instance name.
    package var name: String
    /// The provider type.
    package var typeName: String
    /// Ranking weight.
    package var weight: Double
    /// Per-provider timeout, when set.
    package var timeout: Duration?
    /// How many results to ask this provider for, when set.
    package var maxResults: Int?

    /// Creates a live provider from its parts.
    package init(
        provider: any PhotoProvider, typeName: String, weight: Double = 1.0, timeout: Duration? = nil,
        maxResults: Int? = nil
    ) {
        self.provider = provider
        self.name = provider.name
        self.typeName = typeName
        self.weight = weight
        self.timeout = timeout
        self.maxResults = maxResults
    }

    init(provider: any PhotoProvider, instance: ProviderInstance) {
        self.init(
            provider: provider, typeName: instance.typeName, weight: instance.weight, timeout: instance.timeout,
            maxResults: instance.maxResults)
    }
}

/// A configured instance that will not run, and why.
package struct SkippedProvider: Error, Sendable, Equatable {
    /// The instance name.
    package var name: String
    /// The provider type.
    package var typeName: String
    /// Why it will not run, with what to do about it.
    package var reason: String
    /// Whether it was switched off in the configuration.
    package var isDisabled: Bool

    /// Creates a skipped entry.
    package init(name: String, typeName: String, reason: String, isDisabled: Bool = false) {
        self.name = name
        self.typeName = typeName
        self.reason = reason
        self.isDisabled = isDisabled
    }

    init(_ instance: ProviderInstance, reason: String, isDisabled: Bool = false) {
        self.init(name: instance.name, typeName: instance.typeName, reason: reason, isDisabled: isDisabled)
    }
}

/// Why the bus could not build what was asked for.
package enum ServiceBusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--provider` named an instance the file does not declare.
    case unknownProvider(name: String, configured: [String], file: String)
    /// `--provider` named an instance that cannot run.
    case selectedProviderUnavailable(name: String, reason: String)

    package var description: String {
        switch self {
        case .unknownProvider(let name, let configured, let file):
            "no provider named `\(name)` in \(file)\(NameSuggestion.hint(for: name, in: configured)) "
                + "Configured providers: \(configured.quotedList)."
        case .selectedProviderUnavailable(let name, let reason):
            "provider `\(name)` cannot run: \(reason)"
        }
    }
}
