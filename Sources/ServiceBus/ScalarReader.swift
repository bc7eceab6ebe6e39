import Foundation
import Yams

/// Reads interpolated scalar values of the common keys, reporting what is wrong with each.
struct ScalarReader {
    let interpolation: EnvironmentInterpolation

    /// The node with `${…}` replaced in every scalar, and the variables it referred to.
    func interpolated(_ node: Node, diagnostics: inout Diagnostics) -> (Node, [String]) {
        switch node {
        case .scalar(var scalar):
            do {
                let room = ConfigurationLoader.maximumExpansion - diagnostics.expandedBytes
                guard room >= 0 else { return (node, []) }  // already reported where it ran out
                let result = try interpolation.interpolate(scalar.string, limit: room)
                if result.value != scalar.string {
                    diagnostics.expandedBytes += result.value.utf8.count
                    // Typed afresh, as Yams does when the text is set (whose `Tag.implicit` would
                    // compile the default resolver's patterns).
                    scalar = Node.Scalar(
                        result.value, YAMLScalarTypes.tag(for: result.value), scalar.style, scalar.mark, scalar.anchor)
                }
                return (.scalar(scalar), result.variables)
            } catch {
                diagnostics.report(error.message, at: node)
                if error.isOverLimit { diagnostics.expandedBytes = ConfigurationLoader.maximumExpansion + 1 }  // once
                return (node, [])
            }
        case .mapping(let mapping):
            var variables: [String] = []
            let pairs = mapping.map { key, value in
                let (converted, found) = interpolated(value, diagnostics: &diagnostics)
                variables += found
                return (key, converted)
            }
            return (.mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark)), variables)
        case .sequence(let sequence):
            var variables: [String] = []
            let items = sequence.map { item in
                let (converted, found) = interpolated(item, diagnostics: &diagnostics)
                variables += found
                return converted
            }
            return (.sequence(Node.Sequence(items, sequence.tag, sequence.style, sequence.mark)), variables)
        case .alias:
            return (node, [])
        }
    }

    /// The interpolated text of a scalar, or a report that it is not one.
    func text(_ node: Node, key: String, diagnostics: inout Diagnostics) -> String? {
        guard case .scalar = node else {
            diagnostics.report("`\(key)` must be a single value, not a list or mapping", at: node)
            return nil
        }
        let (converted, _) = interpolated(node, diagnostics: &diagnostics)
        return converted.scalar?.string
    }

    func boolean(_ node: Node, key: String, diagnostics: inout Diagnostics) -> Bool? {
        guard let text = text(node, key: key, diagnostics: &diagnostics) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            diagnostics.report("`\(key)` must be true or false, not `\(text)`", at: node)
            return nil
        }
    }

    /// A result count (`limit`, `max_results`) from 1 to ``ResultLimits/maximum``.
    func resultCount(_ node: Node, key: String, diagnostics: inout Diagnostics) -> Int? {
        guard let text = text(node, key: key, diagnostics: &diagnostics) else { return nil }
        guard let value = Int(text), ResultLimits.range.contains(value) else {
            diagnostics.report("`\(key)` must be \(ResultLimits.description), not `\(text)`", at: node)
            return nil
        }
        return value
    }

    func weight(_ node: Node, diagnostics: inout Diagnostics) -> Double? {
        guard let text = text(node, key: "weight", diagnostics: &diagnostics) else { return nil }
        guard let value = Double(text), value.isFinite, WeightLimits.range.contains(value) else {
            diagnostics.report("`weight` must be \(WeightLimits.description), not `\(text)`", at: node)
            return nil
        }
        return value
    }

    func duration(_ node: Node, key: String, diagnostics: inout Diagnostics) -> Duration? {
        guard let text = text(node, key: key, diagnostics: &diagnostics) else { return nil }
        guard let value = DurationParsing.parse(text) else {
            diagnostics.report("`\(key)` must be \(DurationParsing.examples), not `\(text)`", at: node)
            return nil
        }
        return value
    }
}
