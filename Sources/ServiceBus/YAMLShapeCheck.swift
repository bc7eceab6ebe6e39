import CYaml

/// Checks the shape of configuration text with libyaml's event parser before Yams builds a
/// node tree from it: no alias (`*name`), a bounded number of nodes and a bounded nesting depth.
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

    /// The first problem in `yaml`'s shape, located; `nil` when the shape is fine or the text
    /// is not valid YAML (Yams then reports the syntax error with its own message).
    static func problem(in yaml: String, file: String) -> ConfigurationIssue? {
        var bytes = Array(yaml.utf8)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeMutableBufferPointer { buffer -> ConfigurationIssue? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var nodes = 0
            var depth = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let line = Int(clamping: event.start_mark.line) &+ 1
                let column = Int(clamping: event.start_mark.column) &+ 1
                func issue(_ message: String) -> ConfigurationIssue {
                    ConfigurationIssue(file: file, line: line, column: column, message: message)
                }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_ALIAS_EVENT:
                    return issue(
                        "YAML aliases (`*name`) are not supported in the configuration; write the value out instead")
                case YAML_SCALAR_EVENT:
                    nodes += 1
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    nodes += 1
                    depth += 1
                    if depth > maximumDepth {
                        return issue("lists and mappings are nested more than \(maximumDepth) levels deep")
                    }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    depth -= 1
                default:
                    break
                }
                if nodes > maximumNodes {
                    return issue("the file holds more than \(maximumNodes) values; a configuration needs far fewer")
                }
            }
        }
    }
}
