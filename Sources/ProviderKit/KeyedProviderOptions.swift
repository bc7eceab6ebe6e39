/// The options of a site that needs one secret key from the configuration (an API key, an
/// access key): the key is never shown, and an instance whose key is empty is skipped with a
/// note naming the option to set, not failed, so a configuration can list every site before
/// its user has every key.
public protocol KeyedProviderOptions: ProviderOptions {
    /// The option the key is read from, such as `api_key`.
    static var keyOption: Keys { get }

    /// The key as configured; empty when the option is unset.
    var key: String { get }
}

extension KeyedProviderOptions {
    /// The key option is the secret.
    public static var secretKeys: Set<String> { [keyOption.stringValue] }

    /// Throws ``ProviderUnavailable`` naming the key option when the key is empty or blank:
    /// what a factory calls before it builds a provider.
    public func requireKey() throws(ProviderUnavailable) {
        try ProviderUnavailable.require(Self.keyOption.stringValue, key)
    }
}

extension KeyedDecodingContainer {
    /// The key stored under `key`, or an empty one when it is unset: an empty key skips the
    /// instance (``KeyedProviderOptions/requireKey()``) rather than failing the configuration.
    public func decodeProviderKey(forKey key: Key) throws -> String {
        try decodeIfPresent(String.self, forKey: key) ?? ""
    }
}
