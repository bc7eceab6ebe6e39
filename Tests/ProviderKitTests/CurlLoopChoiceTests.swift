import ProviderKit
import Testing

@Suite("Which libcurl loop runs a transfer")
struct CurlLoopChoiceTests {
    @Test("a host's requests one after another stay on one loop (its connection is reused)")
    func sequentialStays() {
        let choice = CurlLoopChoice(count: 2)
        var used: Set<Int> = []
        for _ in 0..<20 {
            let loop = choice.take(host: "api.example:443")
            used.insert(loop)
            choice.finished(loop)
        }
        #expect(used.count == 1)
    }

    @Test("a host's loop, asked for before its transfers, is the one they then run on")
    func loopForHost() {
        let choice = CurlLoopChoice(count: 3)
        let busy = choice.take(host: "busy:443")  // the least busy loop is now another
        let loop = choice.loop(forHost: "api.example:443")
        #expect(loop != busy)
        // Another host takes that loop too: a host forgotten would now get the third loop.
        let other = choice.take(host: "other:443")
        #expect(other == loop)
        #expect(choice.loop(forHost: "api.example:443") == loop)  // remembered, not chosen again
        for _ in 0..<5 {
            let taken = choice.take(host: "api.example:443")
            #expect(taken == loop)
            choice.finished(taken)
        }
        choice.finished(busy)
        choice.finished(other)
    }

    @Test("many transfers at once to one host spread over the loops, `busy` on each before the next")
    func parallelSpreads() {
        let choice = CurlLoopChoice(count: 2)
        let taken = (0..<(2 * CurlLoopChoice.busy)).map { _ in choice.take(host: "images.example:443") }
        #expect(taken.filter { $0 == 0 }.count == CurlLoopChoice.busy)
        #expect(taken.filter { $0 == 1 }.count == CurlLoopChoice.busy)
        #expect(Array(taken.prefix(CurlLoopChoice.busy)) == Array(repeating: taken[0], count: CurlLoopChoice.busy))
        for loop in taken { choice.finished(loop) }
        // All finished: the host is back on one loop.
        let next = choice.take(host: "images.example:443")
        choice.finished(next)
        #expect(choice.take(host: "images.example:443") == next)
    }

    @Test("two hosts in flight together go to different loops; each keeps its own afterwards")
    func hostsKeepTheirLoops() {
        let choice = CurlLoopChoice(count: 2)
        let first = choice.take(host: "a:443")
        let second = choice.take(host: "b:443")
        #expect(first != second)
        choice.finished(first)
        choice.finished(second)
        for _ in 0..<5 {
            let a = choice.take(host: "a:443")
            let b = choice.take(host: "b:443")
            #expect(a == first && b == second)
            choice.finished(a)
            choice.finished(b)
        }
    }

    @Test("one loop takes everything")
    func oneLoop() {
        let choice = CurlLoopChoice(count: 1)
        #expect((0..<10).map { _ in choice.take(host: "h") }.allSatisfy { $0 == 0 })
    }

    @Test("a URL's loop key is its scheme, host and port, lower-cased, without credentials, path or query")
    func origins() {
        let cases = [
            ("https://api.example/v1/search?q=x", "https://api.example"),
            ("HTTPS://API.Example:8443/a", "https://api.example:8443"),
            ("http://user:secret@images.example/p.jpg", "http://images.example"),
            ("http://u:p@ss@h.example:81?x=1", "http://h.example:81"),
            ("http://[::1]:8080/x#frag", "http://[::1]:8080"),
            ("http://h.example", "http://h.example"),
            ("http://h.example#top", "http://h.example"),
            ("h", "h"),
            ("x:", "x://"),
        ]
        for (url, origin) in cases { #expect(CurlLoopChoice.origin(of: url) == origin, "\(url)") }
    }
}
