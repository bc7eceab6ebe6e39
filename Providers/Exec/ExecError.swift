import Foundation
import ProviderKit

/// Why an external provider program failed, in words that say what to fix.
enum ExecError: Error, Sendable, Equatable, CustomStringConvertible {
    case spawnFailed(String, String)
    /// The arguments and environment together pass the system's limit (E2BIG).
    case tooLarge(program: String, largest: String)
    case exited(status: Int32, stderr: [String])
    case killed(signal: Int32, stderr: [String])
    case invalidJSON(line: Int, excerpt: String)
    /// Valid or not, the line nests deeper than JSON is read (``PluginProtocol/maximumDepth``).
    case tooDeep(line: Int, depth: Int)
    /// A line the decoder would have to build whole holds more values than it may.
    case tooManyValues(line: Int, limit: Int)
    case missingID(line: Int)
    case invalidID(line: Int)
    case idTooLong(line: Int, limit: Int)
    case unknownLine(line: Int)
    case badFiltersApplied(line: Int, detail: String)
    case reported(String)
    case outputTooLarge(program: String, limit: Int)
    /// Viewfinder is exiting and starts no more programs.
    case exiting

    var description: String {
        switch self {
        case .spawnFailed(let program, let reason):
            "cannot run `\(program)`: \(reason); check `command` in the configuration"
        case .tooLarge(let program, let largest):
            "cannot run `\(program)`: its environment and arguments are larger than the system allows "
                + "(Argument list too long); the largest is \(largest)"
        case .exiting:
            "not started: Viewfinder is exiting"
        case .exited(let status, let stderr):
            "the program exited with status \(status)" + Self.tail(stderr)
        case .killed(let signal, let stderr):
            "the program was killed by signal \(signal)" + Self.tail(stderr)
        case .invalidJSON(let line, let excerpt):
            "output line \(line) is not valid JSON: \(excerpt)"
        case .tooDeep(let line, let depth):
            "output line \(line) nests arrays or objects \(depth) levels deep; Viewfinder reads at most "
                + "\(PluginProtocol.maximumDepth): send photos with flatter fields"
        case .tooManyValues(let line, let limit):
            "output line \(line) holds more than \(limit.formatted(.number.locale(Locale(identifier: "en_US")))) JSON values in a form Viewfinder reads only "
                + "with its full JSON reader (a number as an `id`, a size with a fraction, an `error` or "
                + "`filters_applied` line); send fewer values, or a plain photo line"
        case .missingID(let line):
            "output line \(line) has a photo without an `id`"
        case .idTooLong(let line, let limit):
            "output line \(line) has a photo whose `id` is longer than \(limit) bytes; send a shorter id"
        case .invalidID(let line):
            "output line \(line) has a photo whose `id` is neither text nor a number"
        case .unknownLine(let line):
            "output line \(line) is neither {\"photo\": …} nor {\"error\": …}"
        case .badFiltersApplied(let line, let detail):
            "output line \(line) has a `filters_applied` that \(detail); it must come before the first photo and "
                + "list some of: \(SearchFilters.Capabilities.all.names.joinedText(separator: ", "))"
        case .reported(let message):
            "the program reported: \(message)"
        case .outputTooLarge(let program, let limit):
            "`\(program)` wrote more than \(limit / (1 << 20)) MiB to standard output, the limit for one search; "
                + "it was stopped with everything it started"
        }
    }

    private static func tail(_ lines: [String]) -> String {
        lines.isEmpty ? "" : "; its last lines on stderr: " + lines.joinedText(separator: " | ")
    }
}
