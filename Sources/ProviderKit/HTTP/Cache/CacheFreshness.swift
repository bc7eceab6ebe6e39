import Foundation

/// How long a stored answer stays fresh, from its `Cache-Control`, `Expires` and `Age` headers
/// (RFC 9111), the request's minimum lifetime, and a default for answers that say nothing.
struct CacheFreshness {
    /// The directives of one `Cache-Control` header, names lower-cased.
    struct Directives {
        var names: Set<String> = []
        var maxAge: Int?

        init(_ header: String?) {
            guard let header else { return }
            for part in header.split(separator: ",") {
                let pieces = part.split(separator: "=", maxSplits: 1)
                guard let first = pieces.first else { continue }
                let name = first.trimmingCharacters(in: .whitespaces).lowercased()
                names.insert(name)
                if name == "max-age", pieces.count == 2 {
                    let value = pieces[1].trimmingCharacters(in: .whitespaces)
                        .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    // A number too long for Int is "forever"; garbage is no max-age at all.
                    if !value.isEmpty, value.utf8.allSatisfy({ (48...57).contains($0) }) {
                        maxAge = Int(value) ?? Int(Int32.max)
                    }
                }
            }
        }

        var noStore: Bool { names.contains("no-store") }
        var noCache: Bool { names.contains("no-cache") }
    }

    /// Answers without `Cache-Control: max-age` or `Expires` stay fresh this long.
    let defaultLifetime: Duration
    /// The request's floor (a source's terms), if any.
    let minimumLifetime: Duration?

    /// The instant `headers` (received at `now`) stop being fresh.
    func freshUntil(headers: [String: String], now: Date) -> Date {
        let directives = Directives(headers["cache-control"])
        var lifetime: Double
        if directives.noCache {
            lifetime = 0
        } else if let maxAge = directives.maxAge {
            lifetime = Double(maxAge)
        } else if let expires = headers["expires"] {
            let serverNow = headers["date"].flatMap(HTTPDate.parse) ?? now
            lifetime = HTTPDate.parse(expires).map { $0.timeIntervalSince(serverNow) } ?? 0  // invalid: expired
        } else {
            lifetime = Self.seconds(defaultLifetime)
        }
        // The age the answer had when it left an upstream cache. The `Date` header is not used
        // for the age: a server clock a few minutes off would make short lifetimes worthless.
        if let age = headers["age"].flatMap(Int.init), age > 0 { lifetime -= Double(age) }
        if let minimumLifetime { lifetime = max(lifetime, Self.seconds(minimumLifetime)) }
        return now.addingTimeInterval(min(max(lifetime, 0), 10 * 365 * 86_400))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// HTTP dates in the one format servers send (IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`).
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date, or `nil` for anything else (RFC 9111 treats an unreadable `Expires` as already past).
    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), (1...31).contains(day),
            let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3]), (1970...9999).contains(year)
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        var time = tm()
        time.tm_year = Int32(year - 1900)
        time.tm_mon = Int32(month)
        time.tm_mday = Int32(day)
        time.tm_hour = Int32(hour)
        time.tm_min = Int32(minute)
        time.tm_sec = Int32(second)
        return Date(timeIntervalSince1970: TimeInterval(timegm(&time)))
    }

}
