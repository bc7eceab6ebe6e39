import Foundation
import ProviderKit
import SearchViewModel
import Testing

@testable import WebView

/// An encoder whose finished search says one thing: `line`.
private struct OneLine: SearchEventEncoder {
    let line: String
    mutating func events(for state: SearchState, photo: (Photo) -> Photo) -> [String] { [] }
    mutating func finish(_ state: SearchState, photo: (Photo) -> Photo) -> [String] { [line] }
}

/// What `serve` answers to addresses and headers from outside: links from other sites, broken
/// or unknown values in the address, odd but valid `Host` spellings, requests the HTTP parser
/// rejects, and text from sources carrying bidirectional controls.
@Suite struct ServerAddressTests {
    private func get(_ target: String, port: Int, headers: String = "") async -> (head: String, body: String) {
        let answer = await ServeFixture.answer(
            "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headers)Connection: close\r\n\r\n", port: port)
        return (answer.head, String(decoding: answer.body, as: UTF8.self))
    }

    private static let crossSiteNavigation =
        "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\nSec-Fetch-User: ?1\r\n"

    @Test("a link on another site opens the page, which waits for Go; the same page opened here starts at once")
    func crossSiteNavigationOpensAWaitingPage() async throws {
        try await ServeFixture.withServer { port, _, _ in
            let linked = await get("/?q=harbor+fog", port: port, headers: Self.crossSiteNavigation)
            #expect(linked.head.hasPrefix("HTTP/1.1 200"), "\(linked.head)")
            #expect(linked.body.contains("data-start=\"on-go\""))
            #expect(!linked.body.contains("harbor"))  // the script reads the query from the address
            let waiting = "data-waiting-for-go=\"Opened from another site: press Go to run this search.\""
            #expect(linked.body.contains(waiting))
            let popular = await get("/popular", port: port, headers: Self.crossSiteNavigation)
            #expect(popular.head.hasPrefix("HTTP/1.1 200"), "\(popular.head)")
            #expect(popular.body.contains("data-start=\"on-go\""))
            // Another port on this machine is another origin too (same-site): it waits as well.
            let sameSite = await get(
                "/?q=harbor", port: port,
                headers: "Sec-Fetch-Site: same-site\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\n")
            #expect(sameSite.body.contains("data-start=\"on-go\""))
            for headers in ["Sec-Fetch-Site: none\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\n", ""] {
                let typed = await get("/?q=harbor", port: port, headers: headers)
                #expect(typed.head.hasPrefix("HTTP/1.1 200"))
                #expect(typed.body.contains("data-start=\"at-once\""), "\(headers)")
            }
        }
    }

    @Test("the page is the same bytes for any query; only where it was opened from and /popular choose another")
    func thePageIsTheSameForAnyQuery() async throws {
        try await ServeFixture.withServer { port, _, _ in
            let plain = await get("/", port: port)
            #expect(plain.head.hasPrefix("HTTP/1.1 200"))
            #expect(plain.head.lowercased().contains("content-security-policy: default-src 'none'; script-src 'self'"))
            let targets = [
                "/?q=fog", "/?q=harbor+%E2%80%AE&license=CC0-1.0", "/?q=" + String(repeating: "x", count: 900),
            ]
            for target in targets {
                let page = await get(target, port: port)
                #expect(page.head.hasPrefix("HTTP/1.1 200"), "\(target)")
                #expect(page.body == plain.body, "\(target)")
            }
            let popular = await get("/popular?q=fog", port: port)
            #expect(popular.body == (await get("/popular", port: port)).body)
            #expect(popular.body != plain.body)
            let linked = await get("/?q=fog", port: port, headers: Self.crossSiteNavigation)
            #expect(linked.body != plain.body)
            #expect(linked.body == (await get("/?q=other", port: port, headers: Self.crossSiteNavigation)).body)
        }
    }

    @Test("a browser too old for Sec-Fetch-Site is judged by Origin or Referer: the API refused, a link waits for Go")
    func olderBrowsers() async throws {
        try await ServeFixture.withServer { port, _, _ in
            let evilOrigin = "Origin: https://evil.example\r\n"
            #expect(await get("/api/recent", port: port, headers: evilOrigin).head.hasPrefix("HTTP/1.1 403"))
            #expect(
                await get("/api/events?q=x", port: port, headers: "Origin: null\r\n").head.hasPrefix("HTTP/1.1 403"))
            let evilReferrer = "Referer: https://evil.example/page\r\n"
            #expect(await get("/api/recent", port: port, headers: evilReferrer).head.hasPrefix("HTTP/1.1 403"))
            let own = "Origin: http://127.0.0.1:\(port)\r\nReferer: http://127.0.0.1:\(port)/?q=fog\r\n"
            #expect(await get("/api/recent", port: port, headers: own).head.hasPrefix("HTTP/1.1 200"))
            // The page itself, linked from elsewhere, opens but waits for Go.
            let linked = await get("/?q=harbor", port: port, headers: evilReferrer)
            #expect(linked.head.hasPrefix("HTTP/1.1 200"), "\(linked.head)")
            #expect(linked.body.contains("data-start=\"on-go\""))
            let fromOwnPage = await get("/?q=harbor", port: port, headers: "Referer: http://localhost:\(port)/\r\n")
            #expect(fromOwnPage.body.contains("data-start=\"at-once\""))
        }
    }

    @Test("another site still reaches no part of the API, nor the page by fetch, frame or form")
    func crossSiteAPIIsRefused() async throws {
        try await ServeFixture.withServer { port, _, _ in
            let refused: [(String, String)] = [
                ("/api/events?q=harbor", Self.crossSiteNavigation),
                ("/api/recent", Self.crossSiteNavigation),
                (
                    "/api/searchable?q=x",
                    "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: cors\r\nSec-Fetch-Dest: empty\r\n"
                ),
                ("/local/0123456789abcdef0123456789abcdef", Self.crossSiteNavigation),
                (
                    "/viewfinder.js",
                    "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: script\r\n"
                ),
                ("/?q=harbor", "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: cors\r\nSec-Fetch-Dest: empty\r\n"),
                ("/?q=harbor", "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: iframe\r\n"),
            ]
            for (target, headers) in refused {
                let answer = await get(target, port: port, headers: headers)
                #expect(answer.head.hasPrefix("HTTP/1.1 403"), "\(target) \(headers): \(answer.head)")
            }
            let delete = await ServeFixture.answer(
                "DELETE /api/recent HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(Self.crossSiteNavigation)"
                    + "Connection: close\r\n\r\n", port: port)
            #expect(delete.head.hasPrefix("HTTP/1.1 403"), "\(delete.head)")
        }
    }

    @Test("host names are case-insensitive: LOCALHOST and LocalHost are this server")
    func hostLetterCase() async throws {
        try await ServeFixture.withServer { port, _, _ in
            for host in ["LOCALHOST", "LocalHost", "localhost"] {
                let line = await ServeFixture.statusLine(
                    "GET / HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n", port: port)
                #expect(line.hasPrefix("HTTP/1.1 200"), "\(host): \(line)")
            }
        }
    }

    @Test("a query whose percent-encoding is broken is said to be not valid, never run as Popular")
    func brokenPercentEncoding() async throws {
        try await ServeFixture.withServer { port, _, _ in
            let page = await get("/?q=%ZZ", port: port)
            #expect(page.head.hasPrefix("HTTP/1.1 400"), "\(page.head)")
            #expect(page.body.contains("q=%ZZ is not valid"), "\(page.body)")
            let events = await get("/api/events?q=%ZZ", port: port)
            #expect(events.body.contains("\"event\":\"error\""), "\(events.body)")
            #expect(events.body.contains("q=%ZZ is not valid"), "\(events.body)")
            let searchable = await get("/api/searchable?q=%E9", port: port)
            #expect(searchable.body.contains("\"searchable\":false"), "\(searchable.body)")
        }
    }

    @Test("an unknown licence in the address is a 400 naming it and the valid ids, not dropped")
    func unknownLicense() async throws {
        try await ServeFixture.withServer { port, _, _ in
            let page = await get("/?q=harbor&license=CC-BY-9.9", port: port)
            #expect(page.head.hasPrefix("HTTP/1.1 400"), "\(page.head)")
            #expect(page.head.lowercased().contains("content-security-policy: default-src 'none'"))
            #expect(page.body.contains("'CC-BY-9.9'"), "\(page.body)")
            #expect(page.body.contains("commercial, modify, no-attribution"))
            #expect(page.body.contains("CC-BY-4.0") && page.body.contains("CC0-1.0"))
            let shape = await get("/popular?orientation=round", port: port)
            #expect(shape.head.hasPrefix("HTTP/1.1 400"), "\(shape.head)")
            #expect(shape.body.contains("'round'"))
            let known = await get("/?q=harbor&license=CC-BY-4.0&orientation=square&min-width=800", port: port)
            #expect(known.head.hasPrefix("HTTP/1.1 200"), "\(known.head) \(known.body)")
            // The words --license takes beyond the ids are the page's choices too.
            for word in ["public-domain", "unknown"] {
                let page = await get("/?q=harbor&license=\(word)", port: port)
                #expect(page.head.hasPrefix("HTTP/1.1 200"), "\(word): \(page.head)")
                #expect(page.body.contains("<option value=\"\(word)\">"), "\(word)")
            }
        }
    }

    @Test("the page declares its icon and /favicon.ico is served (no 404 on every load)")
    func favicon() async throws {
        try await ServeFixture.withServer { port, _, _ in
            let page = await get("/", port: port)
            #expect(page.body.contains("<link rel=\"icon\" href=\"/favicon.ico\""))
            let icon = await get("/favicon.ico", port: port)
            #expect(icon.head.hasPrefix("HTTP/1.1 200"), "\(icon.head)")
            #expect(icon.head.lowercased().contains("content-type: image/svg+xml"))
            #expect(icon.body.hasPrefix("<svg"))
        }
    }

    @Test("a request the HTTP parser rejects gets its 400 with the Content-Security-Policy too")
    func parserErrorCarriesPolicy() async throws {
        try await ServeFixture.withServer { port, _, _ in
            for request in [
                "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nBroken header line\r\n\r\n",
                "GET /\u{1} HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n",
            ] {
                let answer = await ServeFixture.answer(request, port: port)
                #expect(answer.head.hasPrefix("HTTP/1.1 400"), "\(answer.head)")
                #expect(
                    answer.head.lowercased().contains("content-security-policy: default-src 'none'"), "\(answer.head)")
                #expect(answer.head.lowercased().contains("x-content-type-options: nosniff"))
            }
        }
    }

    @Test("a recent search stored with a key hidden (***) is listed as not searchable, so the page does not link it")
    func redactedRecentSearchIsNotLinked() async throws {
        let secret = "hunter2-api-key-77"
        try await ServeFixture.withServer(secret: secret) { port, _, _ in
            _ = await get("/api/events?q=\(secret)", port: port)
            _ = await get("/api/events?q=harbor", port: port)
            var listing = ""
            for _ in 0..<50 where !(listing.contains("harbor") && listing.contains("***")) {
                try await Task.sleep(for: .milliseconds(100))
                listing = await get("/api/recent", port: port).body
            }
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]], "\(listing)")
            let hidden = try #require(entries.first { ($0["query"] as? String) == "***" })
            let plain = try #require(entries.first { ($0["query"] as? String) == "harbor" })
            #expect(hidden["searchable"] as? Bool == false)
            #expect(plain["searchable"] as? Bool == true)
        }
    }

    @Test("bidirectional controls from a source reach neither the event stream nor an error on the page")
    func bidiControlsAreReplacedInEvents() async throws {
        // Raw, and as the `\u` escapes Viewfinder's own JSON writes them in; `\\u202e` is a backslash and text.
        let line =
            #"{"event":"done","results":[{"author":"\#u{202E}gnp.exe","title":"a\#u{2066}b\#u{2069}","#
            + #""camera":"X\u202Eb\u200f","tags":["\\u202e","\\\u2067"]}]}"#
        let encoder: @Sendable () -> any SearchEventEncoder = { OneLine(line: line) }
        try await ServeFixture.withServer(makeEncoder: encoder) { port, _, _ in
            let events = await get("/api/events?q=harbor", port: port)
            #expect(events.body.contains("\"event\":\"done\""), "\(events.body)")
            #expect(events.body.contains("\u{FFFD}gnp.exe"))
            #expect(events.body.contains("a\u{FFFD}b\u{FFFD}"))
            #expect(!events.body.unicodeScalars.contains { PageText.isBidiControl($0) })
            #expect(events.body.contains(#""camera":"X\ufffdb\ufffd""#), "\(events.body)")
            #expect(events.body.contains(#""tags":["\\u202e","\\\ufffd"]"#), "\(events.body)")
            let page = await get("/?q=%E2%80%AEharbor", port: port)
            #expect(!page.body.unicodeScalars.contains { PageText.isBidiControl($0) })
        }
    }
}
