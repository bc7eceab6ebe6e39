import Foundation
import ProviderKit
import ServiceBus

/// `providers --check`: one small real request to each provider that would run (its popular
/// feed, else a search for a common word), and what came of it in words: reachable, key accepted,
/// the rate limit left, or the exact problem (key refused, DNS, TLS, timeout).
enum ProviderCheck {
    /// What one instance's check found.
    struct Outcome: Encodable, Sendable {
        let name: String
        let type: String
        /// `ok`, `failed`, `skipped` or `disabled`.
        let status: String
        /// What was found, in words.
        let detail: String
        /// The last HTTP status the provider's server answered, when it answered.
        let httpStatus: Int?
        /// Requests left in the rate-limit window, when the server says.
        let rateLimitRemaining: Int?

        enum CodingKeys: String, CodingKey {
            case name, type, status, detail
            case httpStatus = "http_status"
            case rateLimitRemaining = "rate_limit_remaining"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(type, forKey: .type)
            try container.encode(status, forKey: .status)
            try container.encode(detail, forKey: .detail)
            try container.encode(httpStatus, forKey: .httpStatus)
            try container.encode(rateLimitRemaining, forKey: .rateLimitRemaining)
        }
    }

    /// The word searched by a provider without a popular feed.
    static let word = "photo"

    /// Checks every configured instance at once, in the configuration's order.
    static func run(_ setup: Setup) async -> [Outcome] {
        let configuration = setup.configuration
        let limit = configuration.search.timeout
        return await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, instance) in configuration.instances.enumerated() {
                var single = configuration
                single.instances = [instance]
                let watcher = WatchingHTTPClient(wrapping: setup.bus.context.http)
                var context = setup.bus.context
                context.http = watcher
                let bus = ServiceBus(configuration: single, context: context)
                let timeout = instance.timeout ?? limit
                group.addTask { (index, await check(instance, bus: bus, watcher: watcher, timeout: timeout)) }
            }
            var outcomes: [(Int, Outcome)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    private static func check(
        _ instance: ProviderInstance, bus: ServiceBus, watcher: WatchingHTTPClient, timeout: Duration
    ) async -> Outcome {
        func outcome(_ status: String, _ detail: String, _ seen: WatchingHTTPClient.Seen? = nil) -> Outcome {
            Outcome(
                name: instance.name, type: instance.typeName, status: status, detail: detail,
                httpStatus: seen?.status, rateLimitRemaining: seen.flatMap { remaining($0.headers) })
        }
        let lineup: ProviderLineup
        do {
            lineup = try bus.lineup(for: nil)
        } catch {
            return outcome("failed", error.description)
        }
        guard let live = lineup.providers.first else {
            let skipped = lineup.skipped.first
            return outcome(skipped?.isDisabled == true ? "disabled" : "skipped", skipped?.reason ?? "not built")
        }
        let provider = live.provider
        let operation: SearchRequest.Operation = provider.supportsPopular ? .popular : .search(word)
        let request = SearchRequest(operation, limit: 1, deadline: .now + timeout)
        let answer = await withTaskGroup(of: Result<Int, any Error>?.self) { group in
            group.addTask {
                do {
                    for try await page in provider.pages(for: request) { return .success(page.photos.count) }
                    return .success(0)
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        let seen = watcher.seen
        let keyed = !instance.secrets.isEmpty
        switch answer {
        case nil:
            return outcome("failed", "timeout: no answer within \(timeout.shortDescription)", seen)
        case .success(let count)?:
            guard let status = seen.status else {
                return outcome("ok", "answered (\(count) photo\(count == 1 ? "" : "s") on the first page)", seen)
            }
            let what = keyed ? "reachable, key accepted" : "reachable"
            return outcome("ok", "\(what) (HTTP \(status))" + limits(seen.headers), seen)
        case .failure(let error)?:
            return outcome("failed", problem(error, seen: seen, keyed: keyed), seen)
        }
    }

    /// The problem in words, from what the server said or why nothing was heard.
    private static func problem(_ error: any Error, seen: WatchingHTTPClient.Seen, keyed: Bool) -> String {
        let message = "\(error)"
        if let status = seen.status {
            switch status {
            case 403 where remaining(seen.headers) == 0, 429:  // Unsplash says a spent quota with 403
                return "rate limited (HTTP \(status))" + limits(seen.headers) + ": \(message)"
            case 401, 403:
                return (keyed ? "key refused" : "refused") + " (HTTP \(status))" + limits(seen.headers) + ": \(message)"
            default:
                return "HTTP \(status)" + limits(seen.headers) + ": \(message)"
            }
        }
        switch seen.failure?.kind {
        case .cannotResolveHost?: return "DNS: the host name cannot be resolved: \(message)"
        case .tls?: return "TLS: \(message)"
        case .timedOut?, .stalled?: return "timeout: \(message)"
        case .connectionRefused?: return "connection refused: \(message)"
        default: return message
        }
    }

    /// Requests left, as the rate-limit headers say (`X-RateLimit-Remaining`, `RateLimit-Remaining`).
    private static func remaining(_ headers: [String: String]) -> Int? {
        (headers["x-ratelimit-remaining"] ?? headers["ratelimit-remaining"]).flatMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
    }

    /// "; 49 of 50 requests left" (with when the window resets, when said), or nothing.
    private static func limits(_ headers: [String: String]) -> String {
        guard let left = remaining(headers) else { return "" }
        let limit = (headers["x-ratelimit-limit"] ?? headers["ratelimit-limit"]).map {
            " of " + $0.trimmingCharacters(in: .whitespaces)
        }
        let reset = (headers["x-ratelimit-reset"] ?? headers["ratelimit-reset"]).flatMap(resetWords)
        return "; rate limit: \(left)\(limit ?? "") requests left\(reset.map { ", " + $0 } ?? "")"
    }

    /// A reset header in words: seconds from now (`37`, as Pixabay and the RateLimit draft send),
    /// or a Unix time (as GitHub and Pexels send), shown as an ISO 8601 time in UTC.
    private static func resetWords(_ value: String) -> String? {
        guard let number = Int(value.trimmingCharacters(in: .whitespaces)), number >= 0 else { return nil }
        guard number >= 1_000_000_000 else { return "resets in \(number) s" }
        let date = Date(timeIntervalSince1970: TimeInterval(number))
        return "resets at " + date.ISO8601Format()
    }
}
