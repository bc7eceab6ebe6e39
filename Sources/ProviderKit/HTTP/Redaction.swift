import Foundation

/// Hides secret values (API keys, tokens) in URLs and headers before they reach logs or errors.
public enum Redaction {
    /// Query parameters and headers treated as secret in every request.
    public static let defaultSecretNames: Set<String> = [
        "api_key", "apikey", "consumer_key", "key", "token", "access_token", "secret", "client_secret",
        "password", "authorization", "x-api-key",
    ]

    /// `url` with the values of secret query parameters replaced by `***`.
    public static func redact(_ url: URL, secretNames: Set<String> = []) -> String {
        let secrets = Set((defaultSecretNames.union(secretNames)).map { $0.lowercased() })
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<unreadable URL>"
        }
        var changed = false
        if let items = components.percentEncodedQueryItems,
            items.contains(where: { secrets.contains($0.name.lowercased()) })
        {
            components.percentEncodedQueryItems = items.map { item in
                secrets.contains(item.name.lowercased()) && item.value != nil
                    ? URLQueryItem(name: item.name, value: "***") : item
            }
            changed = true
        }
        if components.user != nil || components.password != nil {
            components.user = "***"
            components.password = nil
            changed = true
        }
        return changed ? (components.string ?? "<unreadable URL>") : url.absoluteString
    }

    /// `value`, or `***` when the header `name` is secret.
    public static func redactHeader(name: String, value: String, secretNames: Set<String> = []) -> String {
        let secrets = Set((defaultSecretNames.union(secretNames)).map { $0.lowercased() })
        return secrets.contains(name.lowercased()) ? "***" : value
    }
}
