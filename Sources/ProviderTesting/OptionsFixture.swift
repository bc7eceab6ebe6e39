import Foundation
import ProviderKit

/// Makes a provider's options in tests the way a configuration makes them: decoded from the
/// values a YAML mapping holds, through the options' own checks and defaults, so a test never
/// builds options a user could not write.
public enum OptionsFixture {
    /// `Options` decoded from `values` (option name to a string, number, Boolean or list);
    /// throws the decoding error a configuration with those values would meet.
    public static func decode<Options: ProviderOptions>(
        _ values: [String: any Sendable], as type: Options.Type = Options.self
    ) throws -> Options {
        let data = try JSONSerialization.data(withJSONObject: values.mapValues { $0 as Any })
        return try JSONDecoder().decode(Options.self, from: data)
    }
}
