import HTTPTypes
import Hummingbird
import Synchronization

/// Guards every request of `serve`: the `Host` must be this server on loopback (a page on
/// another site that rebinds its name to 127.0.0.1 is refused), another site may only open the
/// page itself (a link or bookmark: a top-level navigation), never the API, only small GET and
/// DELETE requests pass, and every answer carries a strict Content-Security-Policy
/// (``SecurityHeaders``).
struct SecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The port the server listens on, known once it is bound (`--port 0`).
    let port: BoundPort

    /// A `Host` header left among the fields: the request had more than one (the first became
    /// its authority), which no browser sends.
    static var hostField: HTTPField.Name? { HTTPField.Name("Host") }
    /// The browser's `Sec-Fetch-Site`, `Sec-Fetch-Mode` and `Sec-Fetch-Dest` headers.
    static var fetchSite: HTTPField.Name? { HTTPField.Name("Sec-Fetch-Site") }
    static var fetchMode: HTTPField.Name? { HTTPField.Name("Sec-Fetch-Mode") }
    static var fetchDestination: HTTPField.Name? { HTTPField.Name("Sec-Fetch-Dest") }
    /// The addresses another site may link to: the page, never the API.
    static var pages: Set<String> { ["/", "/popular"] }
    /// The longest address accepted.
    static var maximumTargetLength: Int { 4096 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let port = port.value
        // HTTP/1's Host header is the request's authority.
        let host = (request.head.authority ?? "").lowercased()  // host names are case-insensitive
        let extraHost = Self.hostField.map { request.headers[$0] != nil } ?? false
        guard host == "127.0.0.1:\(port)" || host == "localhost:\(port)", !extraHost else {
            return Self.refuse(
                .misdirectedRequest, "This server answers only to 127.0.0.1:\(port) and localhost:\(port).")
        }
        // Another site's page may not start searches here (with the user's keys) or clear the
        // history: browsers say where a request comes from; none is an address typed or a bookmark.
        // A link from elsewhere may open the page, which then runs nothing until Go is pressed.
        if Self.isFromElsewhere(request.headers, port: port), !Self.isPageNavigation(request) {
            return Self.refuse(.forbidden, "Only Viewfinder's own page may ask this server.")
        }
        guard (request.head.path ?? "").utf8.count <= Self.maximumTargetLength else {
            return Self.refuse(.uriTooLong, "The address is too long.")
        }
        // HEAD too: no route answers it, and a 404 would say the page is not there.
        guard [.get, .delete].contains(request.method) else {
            var refused = Self.refuse(.methodNotAllowed, "Only GET and DELETE are served.")
            refused.headers[.allow] = "GET, DELETE"
            return refused
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > 0 {
            return Self.refuse(.contentTooLarge, "Requests carry no body here.")
        }
        if request.headers[.transferEncoding] != nil {
            return Self.refuse(.contentTooLarge, "Requests carry no body here.")
        }
        do {
            var response = try await next(request, context)
            Self.secure(&response.headers)
            return response
        } catch let error as any HTTPResponseError {
            // The router's own answers (no such route): with the same headers as every other.
            return Self.refuse(error.status, error.status == .notFound ? "Not found." : error.status.reasonPhrase)
        }
    }

    /// Whether the browser says another site (or another port on this host) sent the request:
    /// by `Sec-Fetch-Site`, or, from a browser too old to send it, by an `Origin` or `Referer`
    /// that is not this server's. A request with none of them is an address typed, a bookmark,
    /// or a program such as curl.
    static func isFromElsewhere(_ headers: HTTPFields, port: Int) -> Bool {
        if let name = fetchSite, let site = headers[name] { return site != "same-origin" && site != "none" }
        let own = ["http://127.0.0.1:\(port)", "http://localhost:\(port)"]
        if let origin = headers[.origin] { return !own.contains(origin.lowercased()) }
        if let referrer = headers[.referer]?.lowercased() {
            return !own.contains { referrer == $0 || referrer.hasPrefix($0 + "/") }
        }
        return false
    }

    /// A top-level navigation to the page (a link followed, a bookmark opened): not a fetch,
    /// a frame or a form sent to the API. A browser too old to say (no `Sec-Fetch-Mode`) gets
    /// the page too: it runs nothing from another site until Go is pressed, and another site's
    /// script cannot read it.
    static func isPageNavigation(_ request: Request) -> Bool {
        guard request.method == .get, pages.contains(request.uri.path), let mode = fetchMode,
            let destination = fetchDestination
        else { return false }
        guard let said = request.headers[mode] else { return true }
        return said == "navigate" && request.headers[destination] == "document"
    }

    static func secure(_ headers: inout HTTPFields) {
        SecurityHeaders.apply(to: &headers)
    }

    static func refuse(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var response = Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
        secure(&response.headers)
        return response
    }
}

/// The port the server listens on, set once it is bound.
final class BoundPort: Sendable {
    private let port: Mutex<Int>

    init(_ port: Int) { self.port = Mutex(port) }

    var value: Int {
        get { port.withLock { $0 } }
        set { port.withLock { $0 = newValue } }
    }
}
