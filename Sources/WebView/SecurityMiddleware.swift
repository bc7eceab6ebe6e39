import HTTPTypes
import Hummingbird
import Synchronization

/// Guards every request of `serve`: the `Host` must be this server on loopback (a page on
/// another site that rebinds its name to 127.0.0.1 is refused), only small GET and DELETE
/// requests pass, and every answer, an error too, carries a strict Content-Security-Policy.
struct SecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The port the server listens on, known once it is bound (`--port 0`).
    let port: BoundPort

    /// Scripts and styles only from this server; images also from the photo sources.
    static var policy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' http: https:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }
    /// A `Host` header left among the fields: the request had more than one (the first became
    /// its authority), which no browser sends.
    static var hostField: HTTPField.Name? { HTTPField.Name("Host") }
    /// The browser's `Sec-Fetch-Site` header.
    static var fetchSite: HTTPField.Name? { HTTPField.Name("Sec-Fetch-Site") }
    /// The longest address accepted.
    static var maximumTargetLength: Int { 4096 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let port = port.value
        // HTTP/1's Host header is the request's authority.
        let host = request.head.authority ?? ""
        let extraHost = Self.hostField.map { request.headers[$0] != nil } ?? false
        guard host == "127.0.0.1:\(port)" || host == "localhost:\(port)", !extraHost else {
            return Self.refuse(
                .misdirectedRequest, "This server answers only to 127.0.0.1:\(port) and localhost:\(port).")
        }
        // Another site's page may not start searches here (with the user's keys) or clear the
        // history: browsers say where a request comes from; none is an address typed or a bookmark.
        if let name = Self.fetchSite, let site = request.headers[name], site != "same-origin", site != "none" {
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

    static func secure(_ headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = policy
        headers[.xContentTypeOptions] = "nosniff"
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
