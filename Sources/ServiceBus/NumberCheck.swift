import Yams

/// Finds numbers in a provider's options that JSON cannot carry or that no program can use:
/// `.inf`, `.nan`, `1e400` (which reads as infinity) and whole numbers too large for 64 bits.
///
/// Every provider's options pass through here, so a free-form option (the `exec` provider's
/// extra keys, sent to the plugin as JSON) is checked as strictly as a declared one.
enum NumberCheck {
    /// Reports every such number under `node`, the value of option `key` of instance `provider`,
    /// at its line and column, naming where in the option it is (`nested.list[1]`).
    static func reportUnrepresentable(
        in node: Node, key: String, provider: String, diagnostics: inout Diagnostics
    ) {
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain else { return }  // quoted text is text
            let place = "`\(key)` of provider `\(provider)`: `\(scalar.string)`"
            switch Tag.Name(rawValue: node.tag.description) {
            case .float:
                if let value = node.float, !value.isFinite {
                    diagnostics.report(
                        "\(place) is not a finite number, which JSON cannot carry; "
                            + "write a finite number, or quote it to pass it as text",
                        at: node)
                }
            case .int:
                if node.int == nil {
                    diagnostics.report(
                        "\(place) is a whole number too large for 64 bits; quote it to pass it as text", at: node)
                }
            default:
                break
            }
        case .mapping(let mapping):
            for (name, value) in mapping {
                let path = "\(key).\(name.string ?? "?")"
                reportUnrepresentable(in: value, key: path, provider: provider, diagnostics: &diagnostics)
            }
        case .sequence(let sequence):
            for (index, item) in sequence.enumerated() {
                reportUnrepresentable(in: item, key: "\(key)[\(index)]", provider: provider, diagnostics: &diagnostics)
            }
        case .alias:
            break
        }
    }
}
