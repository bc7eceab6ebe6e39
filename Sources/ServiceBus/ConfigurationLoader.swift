import Foundation
import ProviderKit
import Yams

/// Reads a YAML configuration file, interpolates the environment, and checks every
/// value against the registered provider types, reporting all problems with line and column.
package struct ConfigurationLoader: Sendable {
    /// The keys every provider instance accepts besides its own options.
    package static let commonKeys = ["type", "enabled", "weight", "timeout", "max_results"]
    static let topLevelKeys = ["search", "providers", "download"]
    static let searchKeys = ["limit", "timeout", "filters"]

    let registry: ProviderRegistry
    /// The variables `${NAME}` reads, or `nil` for the process's own (read one at a time with
    /// `getenv`: `ProcessInfo.environment` copies every variable into a dictionary first).
    let environment: [String: String]?
    /// What turns `search.filters.near`'s place names into positions; without it only `LAT,LON`.
    let places: (any PlaceResolving)?

    /// Creates a loader for the provider types in `registry`, reading `environment`'s variables
    /// (by default the process's).
    package init(
        registry: ProviderRegistry, environment: [String: String]? = nil,
        places: (any PlaceResolving)? = nil
    ) {
        self.registry = registry
        self.environment = environment
        self.places = places
    }

    /// Loads the file at `url`; `displayPath` is how messages name it.
    package func load(contentsOf url: URL, displayPath: String? = nil) throws(ConfigurationError) -> Configuration {
        let file = displayPath ?? url.path
        if let problem = Self.notARegularFile(url.path) {
            throw ConfigurationError(ConfigurationIssue(file: file, message: problem))
        }
        let data: Data
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // never waits on a FIFO
        guard descriptor >= 0 else {
            let code = errno
            throw ConfigurationError(
                ConfigurationIssue(
                    file: file,
                    message: "cannot read the file: "
                        + (code == ENOENT ? "no such file" : String(cString: strerror(code)))))
        }
        do {
            // Reads one byte past the limit, never the whole of an endless file.
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            data = try handle.read(upToCount: Self.maximumFileSize + 1) ?? Data()
        } catch {
            throw ConfigurationError(
                ConfigurationIssue(file: file, message: "cannot read the file: \(Self.reason(error))"))
        }
        guard data.count <= Self.maximumFileSize else { throw Self.tooLarge(file) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(ConfigurationIssue(file: file, message: "is not UTF-8 text"))
        }
        return try load(yaml: text, file: file, baseDirectory: url.deletingLastPathComponent())
    }

    /// Loads configuration text; `file` names it in messages and `baseDirectory` anchors relative paths.
    package func load(yaml: String, file: String, baseDirectory: URL) throws(ConfigurationError) -> Configuration {
        var diagnostics = Diagnostics(file: file)
        guard yaml.utf8.count <= Self.maximumFileSize else { throw Self.tooLarge(file) }
        let shape = YAMLShapeCheck.check(yaml, file: file)
        if !shape.isEmpty {
            // Duplicate keys hide nothing else: the file is read again without them, so every
            // problem is reported at once. An alias or a size limit stops reading.
            guard shape.stopping == nil,
                let rest = YAMLShapeCheck.removingEntries(of: shape.duplicates, from: yaml)
            else { throw ConfigurationError(issues: shape.issues) }
            var issues = shape.duplicates
            do {
                _ = try load(yaml: rest, file: file, baseDirectory: baseDirectory)
            } catch {
                issues += error.issues.filter { $0.line != nil }  // not "no providers" of the cut file
            }
            throw ConfigurationError(issues: ConfigurationIssue.inFileOrder(issues))
        }
        let root: Node?
        do {
            root = try YAMLScalarTypes.compose(yaml: yaml)
        } catch {
            throw ConfigurationError(YAMLSyntaxIssue.issue(for: error, file: file, yaml: yaml))
        }
        guard let root, !(root.scalar?.string.isEmpty ?? false) else {
            throw ConfigurationError(
                ConfigurationIssue(file: file, message: "is empty; it needs a `providers:` section"))
        }
        guard case .mapping(let mapping) = root else {
            diagnostics.report("the file must be a mapping with `search:` and `providers:` sections", at: root)
            throw ConfigurationError(issues: diagnostics.issues)
        }

        var search = SearchSettings()
        var download = DownloadSettings()
        var instances: [ProviderInstance] = []
        var sawProviders = false
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else {
                diagnostics.report(
                    "a section name must be a word (\(Self.topLevelKeys.quotedList)), not a list or mapping",
                    at: keyNode)
                continue
            }
            switch key {
            case "search":
                search = readSearch(value, diagnostics: &diagnostics)
            case "download":
                download = readDownload(value, diagnostics: &diagnostics)
            case "providers":
                sawProviders = true
                instances = readProviders(value, diagnostics: &diagnostics)
            default:
                diagnostics.report(
                    "unknown section `\(key)`\(NameSuggestion.hint(for: key, in: Self.topLevelKeys)) "
                        + "Valid sections: \(Self.topLevelKeys.quotedList).",
                    at: keyNode)
            }
        }
        if !sawProviders {
            diagnostics.report("there is no `providers:` section; add one with at least one provider", at: nil)
        }
        guard diagnostics.issues.isEmpty else {
            throw ConfigurationError(issues: ConfigurationIssue.inFileOrder(diagnostics.redactedIssues))
        }
        var configuration = Configuration(
            file: file, baseDirectory: baseDirectory, search: search, instances: instances)
        configuration.download = download
        return configuration
    }

    // MARK: - search:

    private func readSearch(_ node: Node, diagnostics: inout Diagnostics) -> SearchSettings {
        var settings = SearchSettings()
        guard case .mapping(let mapping) = node else {
            if node.scalar?.string.isEmpty == false || node.sequence != nil {
                diagnostics.report("`search` must be a mapping with `limit` and `timeout`", at: node)
            }
            return settings
        }
        let reader = ScalarReader(interpolation: EnvironmentInterpolation(environment: environment))
        for (keyNode, rawValue) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "limit":
                if let limit = reader.resultCount(rawValue, key: "search.limit", diagnostics: &diagnostics) {
                    settings.limit = limit
                }
            case "timeout":
                if let timeout = reader.duration(rawValue, key: "search.timeout", diagnostics: &diagnostics) {
                    settings.timeout = timeout
                }
            case "filters":
                settings.filters = readFilters(rawValue, reader: reader, diagnostics: &diagnostics)
            default:
                diagnostics.report(
                    "unknown key `\(key)` in `search`\(NameSuggestion.hint(for: key, in: Self.searchKeys)) "
                        + "Valid keys: \(Self.searchKeys.quotedList).",
                    at: keyNode)
            }
        }
        return settings
    }

    /// `search.filters`: each key as its command-line option takes it; `license` also as a list.
    private func readFilters(_ node: Node, reader: ScalarReader, diagnostics: inout Diagnostics) -> SearchFilters {
        var filters = SearchFilters()
        let keys = SearchFilters.Key.allCases.map(\.configurationName)
        guard case .mapping(let mapping) = node else {
            if node.scalar?.string.isEmpty == false || node.sequence != nil {
                diagnostics.report("`search.filters` must be a mapping with any of \(keys.quotedList)", at: node)
            }
            return filters
        }
        for (keyNode, valueNode) in mapping {
            let name = keyNode.string ?? ""
            guard let key = SearchFilters.Key.allCases.first(where: { $0.configurationName == name }) else {
                diagnostics.report(
                    "unknown key `\(name)` in `search.filters`\(NameSuggestion.hint(for: name, in: keys)) "
                        + "Valid keys: \(keys.quotedList).",
                    at: keyNode)
                continue
            }
            let items: [Node] =
                if key == .license, case .sequence(let sequence) = valueNode { Array(sequence) } else { [valueNode] }
            for item in items {
                // `near:` with nothing, `~` or `null` unquoted is YAML's null: the filter unset, not a
                // place called "null".
                if case .scalar(let scalar) = item, scalar.style == .plain,
                    ["", "~", "null", "Null", "NULL"].contains(scalar.string)
                {
                    continue
                }
                guard let text = reader.text(item, key: "search.filters.\(name)", diagnostics: &diagnostics) else {
                    continue
                }
                do {
                    try filters.set(key, from: text, places: places)
                } catch {
                    diagnostics.report(
                        "`search.filters.\(name)`: \(error.value.isEmpty ? "an empty value" : "`\(error.value)`") is \(error.problem)",
                        at: item)
                }
            }
        }
        return filters
    }

    // MARK: - providers:

    private func readProviders(_ node: Node, diagnostics: inout Diagnostics) -> [ProviderInstance] {
        guard case .mapping(let mapping) = node, !mapping.isEmpty else {
            diagnostics.report(
                "`providers` must map instance names to settings, e.g. `samples: {type: local-folder, path: Samples}`",
                at: node)
            return []
        }
        var instances: [ProviderInstance] = []
        for (keyNode, value) in mapping {
            guard let name = keyNode.string, Self.isValidInstanceName(name) else {
                let shown = keyNode.string.map { "`\($0)`" } ?? "a list or mapping"
                diagnostics.report(
                    "\(shown) is not a valid provider name; use a word of letters, digits, `-` and `_`",
                    at: keyNode)
                continue
            }
            if let instance = readInstance(name: name, nameNode: keyNode, value, diagnostics: &diagnostics) {
                instances.append(instance)
            }
        }
        return instances
    }

    private func readInstance(name: String, nameNode: Node, _ node: Node, diagnostics: inout Diagnostics)
        -> ProviderInstance?
    {
        guard case .mapping(let mapping) = node else {
            diagnostics.report("provider `\(name)` must be a mapping with at least `type:`", at: node)
            return nil
        }
        let reader = ScalarReader(interpolation: EnvironmentInterpolation(environment: environment))
        guard let typeNode = mapping["type"] else {
            diagnostics.report(
                "provider `\(name)` has no `type`; known types: \(registry.typeNames.quotedList)", at: nameNode)
            return nil
        }
        guard let typeName = reader.text(typeNode, key: "type", diagnostics: &diagnostics) else { return nil }
        guard let factory = registry.factory(for: typeName) else {
            diagnostics.report(
                "unknown provider type `\(typeName)` for `\(name)`\(NameSuggestion.hint(for: typeName, in: registry.typeNames)) "
                    + "Known types: \(registry.typeNames.quotedList).",
                at: typeNode)
            return nil
        }

        var enabled = true
        var weight = 1.0
        var timeout: Duration?
        var maxResults: Int?
        var optionPairs: [(Node, Node)] = []
        var hasUnrepresentableNumber = false
        var variablesByOption: [String: [String]] = [:]
        let optionKeys = Self.optionKeyNames(of: factory)
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "type":
                continue
            case "enabled":
                enabled = reader.boolean(value, key: key, diagnostics: &diagnostics) ?? enabled
            case "weight":
                weight = reader.weight(value, diagnostics: &diagnostics) ?? weight
            case "timeout":
                timeout = reader.duration(value, key: key, diagnostics: &diagnostics)
            case "max_results":
                maxResults = reader.resultCount(value, key: key, diagnostics: &diagnostics)
            default:
                guard optionKeys.contains(key) || Self.acceptsUnknownKeys(factory) else {
                    let valid = Self.commonKeys + optionKeys
                    diagnostics.report(
                        "unknown key `\(key)` for provider `\(name)` (type \(typeName))"
                            + "\(NameSuggestion.hint(for: key, in: valid)) Valid keys: \(valid.quotedList).",
                        at: keyNode)
                    continue
                }
                let (interpolated, variables) = reader.interpolated(value, diagnostics: &diagnostics)
                let reported = diagnostics.issues.count
                NumberCheck.reportUnrepresentable(in: interpolated, key: key, provider: name, diagnostics: &diagnostics)
                // Said once: decoding would report the same `.inf` again in other words.
                hasUnrepresentableNumber = hasUnrepresentableNumber || diagnostics.issues.count > reported
                if !variables.isEmpty { variablesByOption[key] = variables }
                optionPairs.append((keyNode, interpolated))
            }
        }
        guard !hasUnrepresentableNumber else { return nil }
        let optionsNode = Node.mapping(Node.Mapping(optionPairs, YAMLScalarTypes.implicitTag, .block, mapping.mark))
        // Known before decoding, so a message about another option holding the same text (an
        // invalid `sort: ${KEY}`) cannot show a secret of an instance that fails to load.
        diagnostics.secrets += Self.secretKeyNames(of: factory).compactMap { optionsNode[$0]?.string }
        guard
            let built = OptionsDecoding.blueprint(
                factory: factory, options: optionsNode, instance: name, nameNode: nameNode,
                diagnostics: &diagnostics)
        else { return nil }
        // Where each option's value is, for problems found later (a folder that is not there).
        let namePlace = [nameNode.mark?.line, nameNode.mark?.column]
        let optionPlaces = Dictionary(
            optionPairs.compactMap { key, value in key.string.map { ($0, [value.mark?.line, value.mark?.column]) } },
            uniquingKeysWith: { first, _ in first })
        return ProviderInstance(
            name: name, typeName: typeName, isEnabled: enabled, weight: weight, timeout: timeout,
            maxResults: maxResults, variablesByOption: variablesByOption, secrets: built.secrets,
            secretVariables: Set(Self.secretKeyNames(of: factory).flatMap { variablesByOption[$0] ?? [] }),
            line: nameNode.mark?.line, usesNetwork: factory.usesNetwork, build: built.build,
            problems: { [file = diagnostics.file] context in
                built.problems(context).map { problem in
                    let place = problem.option.flatMap { optionPlaces[$0] } ?? namePlace
                    return ConfigurationIssue(
                        file: file, line: place[0], column: place[1], message: "provider `\(name)`: \(problem.reason)")
                }
            })
    }

    private static func acceptsUnknownKeys<F: ProviderFactory>(_ factory: F) -> Bool {
        F.Options.acceptsUnknownKeys
    }

    private static func secretKeyNames<F: ProviderFactory>(of factory: F) -> Set<String> {
        F.Options.secretKeys
    }

    private static func optionKeyNames<F: ProviderFactory>(of factory: F) -> [String] {
        F.Options.keyNames.filter { !commonKeys.contains($0) }
    }

    /// The largest configuration file read: 1 MiB, far more than any real configuration needs.
    package static let maximumFileSize = 1 << 20

    /// The most text `${VAR}` references in one file may expand to: 4 MiB.
    package static let maximumExpansion = 4 << 20

    private static func tooLarge(_ file: String) -> ConfigurationError {
        ConfigurationError(
            ConfigurationIssue(
                file: file, message: "is larger than 1 MiB; a configuration file needs far less (is it the right file?)"
            ))
    }

    static func isValidInstanceName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// Why the file at `path` cannot be a configuration (a folder, a FIFO, a device), or `nil`
    /// when it is a regular file or does not exist (reading it then says so).
    static func notARegularFile(_ path: String) -> String? {
        switch FileKind.nonRegular(path) {
        case nil: nil
        case "a folder": "is a folder, not a configuration file; name the YAML file in it (e.g. \(path)/config.yaml)"
        case let kind?: "is \(kind), not a regular file; name a YAML configuration file"
        }
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let raw = Int32(exactly: underlying.code), let code = POSIXErrorCode(rawValue: raw)
        {
            return code == .ENOENT ? "no such file" : String(cString: strerror(code.rawValue))
        }
        if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        return nsError.localizedDescription
    }
}
