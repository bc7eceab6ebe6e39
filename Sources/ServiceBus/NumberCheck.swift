import Yams

/// Finds numbers in a provider's options that JSON cannot carry or that no program can use:
/// `.inf`, `.nan`, `1e400` (which reads as infinity) and whole numbers too large for 64 bits.
///
/// Every provider's options pass through here, so a free-form option (the `exec` provider's
/// extra keys, sent to the plugin as JSON) is checked as strictly as a declared one.
enum NumberCheck {
    /// Reports every such number under `node`, the value of option `key`, at its line and column.
    static func reportUnrepresentable(in node: Node, key: String, diagnostics: inout Diagnostics) {
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain else { return }  // quoted text is text
            switch Tag.Name(rawValue: node.tag.description) {
            case .float:
                if let value = node.float, !value.isFinite {
                    diagnostics.report(
                        "`\(key)` holds `\(scalar.string)`, a number JSON cannot carry; "
                            + "use a finite number, or quote it to pass it as text",
                        at: node)
                }
            case .int:
                if node.int == nil {
                    diagnostics.report(
                        "`\(key)` holds `\(scalar.string)`, a whole number too large for 64 bits; "
                            + "quote it to pass it as text",
                        at: node)
                }
            default:
                break
            }
        case .mapping(let mapping):
            for (_, value) in mapping { reportUnrepresentable(in: value, key: key, diagnostics: &diagnostics) }
        case .sequence(let sequence):
            for item in sequence { reportUnrepresentable(in: item, key: key, diagnostics: &diagnostics) }
        case .alias:
            break
        }
    }
}
