import Foundation
import ProviderKit

/// Replaces `${VAR}` and `${VAR:-default}` in configuration values with environment variables.
struct EnvironmentInterpolation {
    /// The outcome of interpolating one value.
    struct Result: Equatable {
        /// The text with every reference replaced.
        var value: String
        /// The variables the text referred to, in order.
        var variables: [String]
    }

    /// A reference that cannot be read, such as `${` without its `}`.
    struct Failure: Error, Equatable {
        var message: String
        /// The text grew past the limit it was given.
        var isOverLimit = false
    }

    /// The variables, or `nil` for the process's own.
    let environment: [String: String]?

    /// The value of variable `name`, or `nil` when it is unset.
    private func value(of name: String) -> String? {
        guard let environment else { return ProcessEnvironment.value(name) }
        return environment[name]
    }

    /// Interpolates `text`; an unset variable without a default becomes the empty string.
    /// Text longer than `limit` bytes is a failure: the file's size is capped, and so must be
    /// what it expands to (a thousand `${BIG}` would otherwise multiply a variable's size).
    func interpolate(_ text: String, limit: Int = .max) throws(Failure) -> Result {
        guard text.contains("$") else { return Result(value: text, variables: []) }
        var output = ""
        var variables: [String] = []
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            output += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            if rest[afterDollar...].hasPrefix("$") {  // `$$` is a literal dollar sign
                output += "$"
                rest = rest[rest.index(after: afterDollar)...]
                continue
            }
            guard rest[afterDollar...].hasPrefix("{") else {
                output += "$"
                rest = rest[afterDollar...]
                continue
            }
            let bodyStart = rest.index(after: afterDollar)
            guard let close = rest[bodyStart...].firstIndex(of: "}") else {
                throw Failure(message: "`${` is not closed; write ${NAME} or ${NAME:-default}")
            }
            let body = rest[bodyStart..<close]
            let (name, fallback) = Self.split(body)
            guard Self.isValidName(name) else {
                throw Failure(
                    message: "`${\(body)}` is not a valid variable reference; names use letters, digits and _")
            }
            variables.append(String(name))
            let value = self.value(of: String(name)) ?? ""
            output += value.isEmpty ? (fallback.map(String.init) ?? "") : value
            guard output.utf8.count <= limit else {
                throw Failure(
                    message: "the values of environment variables in this file add up to more than "
                        + "\(ConfigurationLoader.maximumExpansion >> 20) MiB; is `${\(name)}` the variable you meant?",
                    isOverLimit: true)
            }
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return Result(value: output, variables: variables)
    }

    private static func split(_ body: Substring) -> (name: Substring, fallback: Substring?) {
        guard let marker = body.range(of: ":-") else { return (body, nil) }
        return (body[..<marker.lowerBound], body[marker.upperBound...])
    }

    private static func isValidName(_ name: Substring) -> Bool {
        guard let first = name.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
}
