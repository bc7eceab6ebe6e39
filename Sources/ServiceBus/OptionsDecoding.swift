import Foundation
import ProviderKit
import Yams

/// Decodes a provider's options from its YAML mapping, keeping line and column in every error.
enum OptionsDecoding {
    struct Blueprint {
        var secrets: [String]
        var build: @Sendable (_ name: String, _ context: ProviderContext) throws -> any PhotoProvider
    }

    static func blueprint<F: ProviderFactory>(
        factory: F, options node: Node, instance: String, nameNode: Node, diagnostics: inout Diagnostics
    ) -> Blueprint? {
        let options: F.Options
        do {
            options = try YAMLDecoder().decode(F.Options.self, from: node)
        } catch let error as DecodingError {
            report(error, in: node, instance: instance, nameNode: nameNode, diagnostics: &diagnostics)
            return nil
        } catch {
            diagnostics.report("provider `\(instance)`: \(error)", at: nameNode)
            return nil
        }
        let secrets = F.Options.secretKeys.compactMap { key -> String? in
            guard let value = node[key]?.string, !value.isEmpty else { return nil }
            return value
        }
        return Blueprint(secrets: secrets) { name, context in
            try factory.makeProvider(name: name, options: options, context: context)
        }
    }

    private static func report(
        _ error: DecodingError, in root: Node, instance: String, nameNode: Node, diagnostics: inout Diagnostics
    ) {
        switch error {
        case .keyNotFound(let key, let context):
            let parent = node(at: context.codingPath, in: root) ?? nameNode
            diagnostics.report(
                "provider `\(instance)` needs `\(key.stringValue)`",
                at: context.codingPath.isEmpty ? nameNode : parent)
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let located = node(at: context.codingPath, in: root)
            let found = located?.scalar.map { "`\($0.string)`" } ?? (located?.sequence != nil ? "a list" : "a mapping")
            diagnostics.report(
                "`\(dotted(context.codingPath))` of provider `\(instance)` must be \(describe(type)), not \(found)",
                at: located ?? nameNode)
        case .dataCorrupted(let context):
            diagnostics.report(
                "`\(dotted(context.codingPath))` of provider `\(instance)`: \(context.debugDescription)",
                at: node(at: context.codingPath, in: root) ?? nameNode)
        @unknown default:
            diagnostics.report("provider `\(instance)`: \(error)", at: nameNode)
        }
    }

    /// The node a coding path points at, as deep as it exists.
    static func node(at path: [any CodingKey], in root: Node) -> Node? {
        var current = root
        for key in path {
            if let index = key.intValue, let sequence = current.sequence, sequence.indices.contains(index) {
                current = sequence[index]
            } else if let next = current.mapping?[key.stringValue] {
                current = next
            } else {
                break
            }
        }
        return current
    }

    private static func dotted(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            .replacingOccurrences(of: ".[", with: "[")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is UInt.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        case is String.Type: "text"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : "a \(String(describing: type))"
        }
    }
}

/// Turns a Yams parse error into a located issue.
enum YAMLSyntaxIssue {
    static func issue(for error: any Error, file: String, yaml: String) -> ConfigurationIssue {
        guard let yamlError = error as? YamlError else {
            return ConfigurationIssue(file: file, message: "is not valid YAML: \(error)")
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text) at line \($0.mark.line))" } ?? ""
            return ConfigurationIssue(
                file: file, line: mark.line, column: mark.column, message: "YAML syntax error: \(problem)\(detail)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.sorted()
            let line = secondOccurrence(
                of: names.first ?? "", column: context.mark.column, after: context.mark.line, in: yaml)
            return ConfigurationIssue(
                file: file, line: line ?? context.mark.line, column: context.mark.column,
                message: "duplicate key\(names.count == 1 ? "" : "s") \(names.quotedList) in one mapping; "
                    + "each provider name and key may appear only once")
        case .reader(let problem, let offset, _, _):
            return ConfigurationIssue(
                file: file, message: "cannot be read as YAML: \(problem)\(offset.map { " at byte \($0)" } ?? "")")
        default:
            return ConfigurationIssue(file: file, message: "is not valid YAML: \(yamlError)")
        }
    }

    /// The line where `key` appears a second time as a mapping key at `column`, starting from line `first`.
    private static func secondOccurrence(of key: String, column: Int, after first: Int, in yaml: String) -> Int? {
        let indent = String(repeating: " ", count: column - 1)
        var seen = 0
        for (offset, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where offset + 1 >= first {
            guard line.hasPrefix(indent), !line.dropFirst(indent.count).hasPrefix(" ") else { continue }
            let rest = line.dropFirst(indent.count)
            let unquoted = rest.hasPrefix("\"") || rest.hasPrefix("'") ? rest.dropFirst() : rest
            guard unquoted.hasPrefix(key) else { continue }
            let after = unquoted.dropFirst(key.count).drop { $0 == "\"" || $0 == "'" || $0 == " " }
            guard after.hasPrefix(":") else { continue }
            seen += 1
            if seen == 2 { return offset + 1 }
        }
        return nil
    }
}
