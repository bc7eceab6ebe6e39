import CYAMLEvents
import ProviderKit

/// Checks the shape of configuration text with libyaml's event parser (Debian's libyaml,
/// through `CYAMLEvents`) before Yams builds a node tree from it: no alias (`*name`), no duplicate key, a bounded number of nodes and a
/// bounded nesting depth.
///
/// Yams resolves an alias by sharing the anchored node, so a few lines of aliases to aliases
/// (a "billion laughs") become a tree of billions of nodes for anything that walks it: the
/// option decoder, the interpolation, even Yams' own duplicate-key check. Rejecting aliases
/// here, on the event stream, where nothing is expanded yet, keeps every later walk linear
/// in the size of the file. A configuration never needs them: write the value out.
enum YAMLShapeCheck {
    /// The most nodes (scalars, lists, mappings) a configuration may hold.
    static let maximumNodes = 100_000
    /// The deepest nesting of lists and mappings a configuration may use.
    static let maximumDepth = 64

    /// What the check found: every duplicate key (the rest of the file can still be read once
    /// they are left out), or one problem that stops reading (an alias, a size or depth limit).
    struct Findings {
        var duplicates: [ConfigurationIssue] = []
        var stopping: ConfigurationIssue?

        var isEmpty: Bool { duplicates.isEmpty && stopping == nil }
        var issues: [ConfigurationIssue] { stopping.map { [$0] } ?? duplicates }
    }

    /// `yaml`'s shape problems, located. Empty when the shape is fine or the text is not valid
    /// YAML (Yams then reports the syntax error with its own message).
    static func check(_ yaml: String, file: String) -> Findings {
        let issues = problems(in: yaml, file: file)
        let duplicates = issues.filter { $0.message.hasPrefix(duplicateKeyMessage) }
        return duplicates.count == issues.count
            ? Findings(duplicates: duplicates) : Findings(stopping: issues.first { !duplicates.contains($0) })
    }

    /// How a duplicate key's message starts.
    static let duplicateKeyMessage = "duplicate key `"

    /// `yaml` with each duplicated key's entry (its line and the more indented lines below it,
    /// and the items of a block sequence written at the key's own indent) blanked out, line
    /// numbers kept, so the rest can be checked; `nil` when a duplicate is not
    /// the first thing on its line (a flow mapping `{a: 1, a: 2}`), which cannot be cut out so.
    static func removingEntries(of duplicates: [ConfigurationIssue], from yaml: String) -> String? {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for duplicate in duplicates {
            guard let line = duplicate.line, let column = duplicate.column, line >= 1, line <= lines.count else {
                return nil
            }
            let indent = lines[line - 1].prefix { $0 == " " }.count
            let isListItem = lines[line - 1].dropFirst(indent).hasPrefix("- ")
            guard indent == column - 1 || (isListItem && indent + 3 == column) else { return nil }
            lines[line - 1] = isListItem ? String(repeating: " ", count: indent) + "- {}" : ""
            var next = line
            while next < lines.count {
                let text = lines[next]
                let own = text.prefix { $0 == " " }.count
                let rest = text.dropFirst(own)
                let sequenceItem = own == column - 1 && (rest == "-" || rest.hasPrefix("- "))
                guard text.allSatisfy({ $0 == " " }) || own > column - 1 || sequenceItem else { break }
                lines[next] = ""
                next += 1
            }
        }
        return lines.joinedText(separator: "\n")
    }

    /// The problems in `yaml`'s shape, located: every duplicate key, or the first alias, or
    /// the first value past the size or depth limits; or that libyaml, which finds them, cannot
    /// be loaded.
    static func problems(in yaml: String, file: String) -> [ConfigurationIssue] {
        var text = yaml
        return text.withUTF8 { bytes -> [ConfigurationIssue] in
            guard let events = bytes.withMemoryRebound(to: CChar.self, { vf_yaml_open($0.baseAddress, $0.count) })
            else {
                let reason = vf_yaml_load_error().map { String(cString: $0) } ?? "out of memory"
                return [
                    ConfigurationIssue(
                        file: file, line: nil, column: nil,
                        message: "cannot check the file's YAML: \(reason); install libyaml (Debian: libyaml-0-2)")
                ]
            }
            defer { vf_yaml_close(events) }
            var nodes = 0
            var frames: [Frame] = []
            var duplicates: [ConfigurationIssue] = []
            var event = vf_yaml_event()
            while true {
                guard vf_yaml_next(events, &event) == 1 else { return [] }
                let line = Int(clamping: event.line) &+ 1
                let column = Int(clamping: event.column) &+ 1
                func issue(_ message: String) -> ConfigurationIssue {
                    ConfigurationIssue(file: file, line: line, column: column, message: message)
                }
                switch event.kind {
                case VF_YAML_END:
                    return duplicates
                case VF_YAML_ALIAS:
                    return [
                        issue(
                            "YAML aliases (`*name`) are not supported in the configuration; write the value out instead"
                        )
                    ]
                case VF_YAML_SCALAR:
                    nodes += 1
                    let key = scalarText(event)
                    if let first = frames.indices.last.flatMap({ frames[$0].take(key: key, line: line) }) {
                        duplicates.append(
                            issue(
                                duplicateKeyMessage + "\(key)` in one mapping (first at line \(first)); "
                                    + "each provider name and key may appear only once"))
                    }
                case VF_YAML_SEQUENCE_START, VF_YAML_MAPPING_START:
                    nodes += 1
                    _ = frames.indices.last.flatMap { frames[$0].take(key: nil, line: line) }
                    frames.append(Frame(isMapping: event.kind == VF_YAML_MAPPING_START))
                    if frames.count > maximumDepth {
                        return [issue("lists and mappings are nested more than \(maximumDepth) levels deep")]
                    }
                case VF_YAML_SEQUENCE_END, VF_YAML_MAPPING_END:
                    _ = frames.popLast()
                default:
                    break
                }
                if nodes > maximumNodes {
                    return [issue("the file holds more than \(maximumNodes) values; a configuration needs far fewer")]
                }
            }
        }
    }

    /// An open list or mapping; a mapping remembers its keys and the line each first appeared on.
    private struct Frame {
        let isMapping: Bool
        var expectsKey = true
        var keyLines: [String: Int] = [:]

        init(isMapping: Bool) {
            self.isMapping = isMapping
        }

        /// Takes the next node (`key` is its text when it is a scalar); returns the line of
        /// the first occurrence when it is a key this mapping already has.
        mutating func take(key: String?, line: Int) -> Int? {
            guard isMapping else { return nil }
            defer { expectsKey.toggle() }
            guard expectsKey, let key else { return nil }
            if let first = keyLines[key] { return first }
            keyLines[key] = line
            return nil
        }
    }

    private static func scalarText(_ event: vf_yaml_event) -> String {
        guard let text = event.text else { return "" }
        let buffer = UnsafeRawBufferPointer(start: text, count: event.length)
        return String(decoding: buffer, as: UTF8.self)
    }
}
