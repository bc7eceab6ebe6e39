import Synchronization

/// Which of the client's libcurl loops runs a transfer. Each loop has its own thread and its own
/// connections, so a host's requests go to the loop that last served it (its connection, and its
/// TLS session, are reused), unless that loop already runs ``busy`` transfers: then the least busy
/// loop takes it. Many transfers to one host (a download) so spread over the cores, while the
/// requests a search makes, one after another, stay on one loop.
package final class CurlLoopChoice: Sendable {
    /// In-flight transfers past which a host's loop shares the work with the others.
    package static let busy = 4
    /// Hosts remembered at most; past it the memory starts again (a long `serve` meets many).
    static let rememberedHosts = 1024

    private struct State {
        var inFlight: [Int]
        var loopByHost: [String: Int] = [:]

        /// Gives `host` the least busy loop, remembered for it, and returns it.
        mutating func giveLeastBusyLoop(to host: String) -> Int {
            let chosen = inFlight.indices.min { inFlight[$0] < inFlight[$1] } ?? 0
            if loopByHost.count >= CurlLoopChoice.rememberedHosts { loopByHost.removeAll() }
            loopByHost[host] = chosen
            return chosen
        }
    }

    private let state: Mutex<State>

    /// A choice among `count` loops.
    package init(count: Int) {
        state = Mutex(State(inFlight: Array(repeating: 0, count: max(1, count))))
    }

    /// The loop for a transfer to `host`, counted in flight until ``finished(_:)``.
    package func take(host: String) -> Int {
        state.withLock { state in
            var chosen = state.loopByHost[host] ?? -1
            if chosen < 0 || state.inFlight[chosen] >= Self.busy { chosen = state.giveLeastBusyLoop(to: host) }
            state.inFlight[chosen] += 1
            return chosen
        }
    }

    /// The scheme, host and port of `url` (an absolute URL's text), lower-cased, as in
    /// `https://api.example:8443`: the key ``take(host:)`` is given, for the connections a
    /// request can reuse. Read from the text, which is cheaper than asking `URL` for its host and
    /// port; credentials in the URL are left out, as the key is remembered.
    package static func origin(of url: String) -> String {
        let utf8 = url.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return url.lowercased() }
        var start = utf8.index(colon, offsetBy: 3, limitedBy: utf8.endIndex) ?? utf8.endIndex
        let end =
            utf8[start...].firstIndex {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            } ?? utf8.endIndex
        if let at = utf8[start..<end].lastIndex(of: UInt8(ascii: "@")) { start = utf8.index(after: at) }
        return (url[..<colon] + "://" + url[start..<end]).lowercased()
    }

    /// The loop that runs `host`'s next transfer unless that loop is busy by then: the one
    /// that last served it, or else the least busy one, remembered for it.
    package func loop(forHost host: String) -> Int {
        state.withLock { state in state.loopByHost[host] ?? state.giveLeastBusyLoop(to: host) }
    }

    /// A transfer on loop `index` ended.
    package func finished(_ index: Int) {
        state.withLock { $0.inFlight[index] -= 1 }
    }
}
