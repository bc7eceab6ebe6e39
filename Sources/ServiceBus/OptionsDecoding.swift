import Foundation
import ProviderKit
import Yams

/// Decodes a provider's options from its YAML mapping, keeping line and column in every error.
enum OptionsDecoding {
    struct Blueprint {
        var secrets: [String]
        var build: @Sendable (_ name: String, _ context: ProviderContext) throws -> any PhotoProvider
        var problems: @Sendable (_ context: ProviderContext) -> [ProviderUnavailable]
    }

    static func blueprint<F: ProviderFactory>(
        factory: F, options node: Node, instance: String, nameNode: Node, diagnostics: inout Diagnostics
    ) -> Blueprint? {
        let firstIssue = diagnostics.issues.count
        defer { diagnostics.sortIssues(from: firstIssue) }
        guard
            let options = decodeReportingAll(
                F.Options.self, from: node, instance: instance, nameNode: nameNode,
                diagnostics: &diagnostics)
        else { return nil }
        let secrets = F.Options.secretKeys.compactMap { key -> String? in
            guard let value = node[key]?.string, !value.isEmpty else { return nil }
            return value
        }
        return Blueprint(
            secrets: secrets,
            build: { name, context in try factory.makeProvider(name: name, options: options, context: context) },
            problems: { context in factory.problems(with: options, context: context) })
    }

    /// The most decoding attempts for one instance: each finds one more problem.
    static let maximumAttempts = 64

    /// Decodes `type` from `root`, reporting every problem, not only the first the decoder meets.
    ///
    /// A decoder stops at its first error, so after each one the value at fault is set aside
    /// (a wrong value removed, a missing one stood in for by a placeholder) and decoding runs
    /// again, until it succeeds or no new problem turns up. Errors that a placeholder or a
    /// removal causes are not reported: the problem behind them already was.
    private static func decodeReportingAll<T: Decodable>(
        _ type: T.Type, from root: Node, instance: String, nameNode: Node, diagnostics: inout Diagnostics
    ) -> T? {
        var current = root
        var reported: Set<[String]> = []
        var placeholders: [[String]: Int] = [:]
        for _ in 0..<maximumAttempts {
            let error: DecodingError
            do {
                let value = try OptionsDecoder.decode(T.self, from: current)
                return reported.isEmpty ? value : nil
            } catch let decodingError as DecodingError {
                error = decodingError
            } catch {
                diagnostics.report("provider `\(instance)`: \(error)", at: nameNode)
                return nil
            }
            let path = faultPath(of: error)
            if let tried = placeholders[path] {
                // The placeholder standing in for a missing or wrong value does not fit: try the next.
                guard tried + 1 < placeholderCandidates.count, !path.isEmpty else { return nil }
                placeholders[path] = tried + 1
                current = replacing(path: path, in: current, with: placeholderCandidates[tried + 1])
                continue
            }
            if reported.contains(path) {
                // Only a removed wrong value, now missing, may come back; anything else would loop.
                guard isMissing(error) else { return nil }
            } else {
                report(error, in: root, instance: instance, nameNode: nameNode, diagnostics: &diagnostics)
                reported.insert(path)
            }
            guard !path.isEmpty else { return nil }
            if isMissing(error) || path.last?.hasPrefix("[") == true {
                // A missing value, or a list item (removing it would shift the items after it).
                placeholders[path] = 0
                current = replacing(path: path, in: current, with: placeholderCandidates[0])
            } else {
                current = replacing(path: path, in: current, with: nil)
            }
        }
        return nil
    }

    private static func isMissing(_ error: DecodingError) -> Bool {
        if case .keyNotFound = error { return true }
        return false
    }

    /// Values tried, in order, in place of a missing or wrong one so decoding can go on.
    private static var placeholderCandidates: [Node] {
        let one = Node("1", YAMLScalarTypes.tag(for: "1"))
        let implicit = YAMLScalarTypes.implicitTag
        return [
            one, Node("true", YAMLScalarTypes.tag(for: "true")), Node([one], implicit),
            Node([(Node, Node)](), implicit),
        ]
    }

    /// The path of the value an error is about, as keys (`[n]` for list positions).
    private static func faultPath(of error: DecodingError) -> [String] {
        func keys(_ path: [any CodingKey]) -> [String] {
            path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
        }
        switch error {
        case .keyNotFound(let key, let context): return keys(context.codingPath) + keys([key])
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return keys(context.codingPath)
        @unknown default: return []
        }
    }

    /// `node` with the value at `path` replaced by `value`, or removed when `value` is `nil`.
    private static func replacing(path: [String], in node: Node, with value: Node?) -> Node {
        guard let first = path.first else { return value ?? node }
        let rest = Array(path.dropFirst())
        switch node {
        case .mapping(let mapping):
            var pairs: [(Node, Node)] = []
            var found = false
            for (key, child) in mapping {
                guard key.string == first else {
                    pairs.append((key, child))
                    continue
                }
                found = true
                if rest.isEmpty {
                    if let value { pairs.append((key, value)) }
                } else {
                    pairs.append((key, replacing(path: rest, in: child, with: value)))
                }
            }
            if !found, rest.isEmpty, let value { pairs.append((YAMLScalarTypes.key(first), value)) }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        case .sequence(let sequence):
            guard first.hasPrefix("["), let index = Int(first.dropFirst().dropLast()), sequence.indices.contains(index)
            else { return node }
            var nodes = Array(sequence)
            nodes[index] =
                rest.isEmpty
                ? (value ?? Node("", YAMLScalarTypes.tag(for: "")))
                : replacing(path: rest, in: nodes[index], with: value)
            return .sequence(Node.Sequence(nodes, sequence.tag, sequence.style, sequence.mark))
        default:
            return node
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
        path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joinedText(separator: ".")
            .replacingOccurrences(of: ".[", with: "[")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is UInt.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        case is String.Type: "text"
        case is Node.Scalar.Type: "a single value"
        case is Node.Sequence.Type: "a list"
        case is Node.Mapping.Type: "a mapping"
        default:
            switch String(describing: type) {
            case let name where name.hasPrefix("Array"): "a list"
            case let name where name.hasPrefix("Dictionary"): "a mapping"
            default: "a value of another kind"
            }
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
            guard !problem.contains("nesting level") else {
                // libyaml's own limit, whose message names its C function.
                return ConfigurationIssue(
                    file: file, line: mark.line, column: mark.column,
                    message: "lists and mappings are nested more than \(YAMLShapeCheck.maximumDepth) levels deep")
            }
            if tabIndents(line: mark.line, in: yaml) {
                return ConfigurationIssue(
                    file: file, line: mark.line, column: mark.column,
                    message: "a tab indents this line; YAML indents with spaces only")
            }
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

    /// Whether line `number` (1-based) of `yaml` starts with white space holding a tab.
    private static func tabIndents(line number: Int, in yaml: String) -> Bool {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count else { return false }
        return lines[number - 1].prefix { $0 == " " || $0 == "\t" }.contains("\t")
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
