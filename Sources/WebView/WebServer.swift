import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore
import ProviderKit
import SearchViewModel
import ServiceLifecycle
import Synchronization

/// `viewfinder serve`: the live web front, a second view on the same ``SearchViewModel`` the
/// terminal uses. It listens on 127.0.0.1 only; each search runs in its own view-model and
/// streams its snapshots to the page as Server-Sent Events.
package struct WebServer: Sendable {
    /// Starts a search: the view-model and its request, or a message for the page.
    package typealias Launcher =
        @Sendable (_ operation: SearchRequest.Operation, _ filters: [String: String]) throws -> (
            SearchViewModel, SearchRequest
        )

    package let port: Int
    package let resources: PageResources
    package let launch: Launcher
    package let makeEncoder: @Sendable () -> any SearchEventEncoder
    package let recent: RecentSearches
    /// Removes secrets from everything sent (a provider may echo a key in a title).
    package let redact: @Sendable (String) -> String
    let localIDs = LocalPhotoIDs()
    /// Finds the preview a local camera RAW is shown by full-screen (``LocalRAWPreview``).
    package var rawPreview: LocalRAWPreview?
    /// Finds the preview a local camera RAW is shown by in the grid (`/local/<id>-grid`).
    package var rawGridPreview: LocalRAWPreview?
    /// `/` and `/popular`, rendered once.
    let pages: ServedPages
    /// The local photos being sent now, at most ``defaultMaxLocalStreams`` unless told otherwise.
    let localStreams: Slots
    /// The searches running now, at most ``defaultMaxSearches`` unless told otherwise.
    let searches: Slots
    /// The most connections held at once; `nil`: worked out from the descriptor limit when it starts.
    let maxConnections: Int?

    /// How many searches run at once by default (one per open page, with room for several tabs).
    package static let defaultMaxSearches = 8
    /// How many local photos are sent at once by default: a browser asks for about six at a time.
    package static let defaultMaxLocalStreams = 32

    package init(
        port: Int, resources: PageResources, recent: RecentSearches, redact: @escaping @Sendable (String) -> String,
        maxSearches: Int = defaultMaxSearches, maxLocalStreams: Int = defaultMaxLocalStreams,
        maxConnections: Int? = nil, makeEncoder: @escaping @Sendable () -> any SearchEventEncoder,
        launch: @escaping Launcher
    ) {
        self.searches = Slots(limit: maxSearches)
        self.localStreams = Slots(limit: maxLocalStreams)
        self.maxConnections = maxConnections
        self.port = port
        self.resources = resources
        self.recent = recent
        self.redact = redact
        self.pages = ServedPages(resources: resources) { PageText.safe(redact($0)) }
        self.makeEncoder = makeEncoder
        self.launch = launch
    }

    /// The filter parameters the page may send.
    static let filterKeys = ["license", "orientation", "min-width", "min-height", "taken-after", "taken-before"]

    /// Serves until `shutdown` is requested (or the task is cancelled), as a service in a
    /// `ServiceGroup` that watches no signal itself; `listening` gets the bound port. Throws
    /// ``PortInUse`` when another program listens on the port.
    package func run(
        shutdown: ServerShutdown = ServerShutdown(), listening: @escaping @Sendable (Int) -> Void
    ) async throws {
        let boundPort = BoundPort(port)
        let router = Router()
        router.add(middleware: SecurityMiddleware(port: boundPort))
        addRoutes(to: router)
        let connections = WaitingConnections(
            limit: maxConnections ?? DescriptorLimit.connections(forDescriptors: DescriptorLimit.soft))
        // Each connection's pipeline: the policy on every answer, and a deadline for headers.
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [SecurityHeaders(), HeaderDeadline(connections: connections)])
        let app = Application(
            router: router, server: .http1(configuration: http),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                let actual = channel.localAddress?.port ?? port
                boundPort.value = actual
                listening(actual)
            })
        let group = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
        if shutdown.attach(group) { return }
        do {
            try await group.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw PortInUse(port: port)
        }
    }

    /// Another program listens on the port asked for.
    package struct PortInUse: Error, CustomStringConvertible {
        package let port: Int
        package var description: String {
            "port \(port) is in use; choose another with --port, or --port 0 for any free one"
        }
    }

    private func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in page(request, popular: false) }
        router.get("/popular") { request, _ in page(request, popular: true) }
        router.get("/favicon.ico") { _, _ in text(Self.icon, type: "image/svg+xml") }
        router.get("/viewfinder.css") { _, _ in
            text(resources.css, type: "text/css; charset=utf-8")
        }
        router.get("/viewfinder.js") { _, _ in
            text(resources.script, type: "text/javascript; charset=utf-8")
        }
        router.get("/api/searchable") { request, _ in
            let parameters = QueryParameters(request.uri.query)
            let problem = parameters.problem ?? SearchViewModel.problem(withQuery: parameters["q"] ?? "")
            return json(Searchable(searchable: problem == nil, problem: problem))
        }
        router.get("/api/recent") { _, _ in
            json(await recent.list().map(RecentLink.init))
        }
        router.delete("/api/recent") { _, _ in
            await recent.clear()
            return json([RecentLink]())
        }
        router.get("/api/events") { request, _ in
            events(QueryParameters(request.uri.query))
        }
        router.get("/local/{id}") { _, context in
            await LocalPhotoResponse.make(
                id: context.parameters.get("id") ?? "", ids: localIDs, slots: localStreams, rawPreview: rawPreview,
                rawGridPreview: rawGridPreview)
        }
    }

    private struct Searchable: Encodable {
        let searchable: Bool
        let problem: String?
    }

    /// A recent search as the page lists it: linked only when it can run again (not one stored
    /// with a key hidden as `***`).
    private struct RecentLink: Encodable {
        let query: String
        let count: Int
        let searchable: Bool

        init(_ entry: RecentSearches.Entry) {
            query = entry.query
            count = entry.count
            searchable = !entry.query.contains("***") && SearchViewModel.problem(withQuery: entry.query) == nil
        }
    }

    /// The page for a search (`/?q=…`) or the popular view, rendered at start-up (its script
    /// reads the query from the address); a 400 naming the value when the address holds one the
    /// page cannot show (broken encoding, an unknown licence). Opened from another site, it runs
    /// nothing until Go is pressed.
    private func page(_ request: Request, popular: Bool) -> Response {
        let parameters = QueryParameters(request.uri.query)
        if let problem = PageAddress.problem(with: parameters) {
            return SecurityMiddleware<BasicRequestContext>.refuse(
                .badRequest, outgoing("Cannot open this page: \(problem)."))
        }
        // The middleware let only this server's own Host in: its port is the one listening.
        let port = (request.head.authority ?? "").split(separator: ":").last.flatMap { Int($0) } ?? 0
        let fromElsewhere = SecurityMiddleware<BasicRequestContext>.isFromElsewhere(request.headers, port: port)
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: pages.page(popular: popular, startsAtOnce: !fromElsewhere)))
    }

    /// The page's icon: a small viewfinder frame.
    static let icon =
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="3" width="14" height="11" rx="2" "##
        + ##"fill="#335"/><circle cx="8" cy="8.5" r="3.2" fill="#9cf"/></svg>"##

    /// The search's events as Server-Sent Events, one `data:` line each; a client that goes
    /// away cancels its search.
    private func events(_ parameters: QueryParameters) -> Response {
        if let problem = parameters.problem {
            let message = outgoing(problem)
            return eventStream { writer in
                try await writer.write(ByteBuffer(string: Self.event(json: ErrorEvent(message: message))))
            }
        }
        let operation: SearchRequest.Operation
        if let query = parameters["q"] {
            operation = .search(query)
        } else {
            operation = .popular
        }
        var filters: [String: String] = [:]
        for key in Self.filterKeys {
            if let value = parameters[key], !value.isEmpty { filters[key] = value }
        }
        let started: (SearchViewModel, SearchRequest)
        do {
            if case .search(let query) = operation, let problem = SearchViewModel.problem(withQuery: query) {
                throw PageMessage(problem)
            }
            started = try launch(operation, filters)
        } catch {
            let message = outgoing(String(describing: error))
            return eventStream { writer in
                try await writer.write(ByteBuffer(string: Self.event(json: ErrorEvent(message: message))))
            }
        }
        let (viewModel, request) = started
        let ids = localIDs
        let rewrite: @Sendable (Photo) -> Photo = { Self.served($0, ids: ids) }
        let outgoingJSON: @Sendable (String) -> String = { [redact] in PageText.safeJSON(redact($0)) }
        return eventStream { [makeEncoder, redact, recent, searches] writer in
            guard searches.take() else {
                let message =
                    "\(searches.limit) searches are already running; wait for one to finish, or close another tab"
                try await writer.write(ByteBuffer(string: Self.event(json: ErrorEvent(message: message))))
                return
            }
            defer { searches.give() }
            var encoder = makeEncoder()
            let startedAt = Date()  // a clear of the recent searches after this leaves this search out
            // The search is this stream's child: cancelled when the client goes away (a write
            // fails, at the latest at the next heartbeat's comment line), when the stream's task
            // is, and on the server's graceful shutdown (it then sends its final state and the
            // stream ends).
            let final = try await viewModel.run(
                request, heartbeat: Self.heartbeat, around: { search in _ = await cancelWhenGracefulShutdown(search) }
            ) { update in
                guard let state = update else {
                    try await writer.write(ByteBuffer(string: ": still searching\n\n"))
                    return
                }
                let lines =
                    state.isFinished
                    ? encoder.finish(state, photo: rewrite) : encoder.events(for: state, photo: rewrite)
                for line in lines {
                    try await writer.write(ByteBuffer(string: "data: " + outgoingJSON(line) + "\n\n"))
                }
            }
            if case .search(let query) = operation, final.isFinished, !final.wasCancelled {
                // Kept as shown: a key typed into the search field stays out of the file.
                await recent.record(redact(query), count: final.results.count, startedAt: startedAt)
            }
        }
    }

    /// How often an idle event stream sends a comment line.
    static let heartbeat = Duration.seconds(1)

    private struct ErrorEvent: Encodable {
        let event = "error"
        let message: String
    }

    /// A photo as the page may see it: a local file's images become its `/local/<id>` (the
    /// full-screen view's) and `/local/<id>-grid` (the grid's: a RAW's grid preview, else the
    /// same file), and its path and file URL stay on the server.
    static func served(_ photo: Photo, ids: LocalPhotoIDs) -> Photo {
        guard let path = photo.fileSystemPath else { return photo }
        var served = photo
        let id = ids.id(for: path)
        served.filePath = nil
        served.companionFiles = []
        served.pageURL = nil
        served.images = photo.images.prefix(1).flatMap { image in
            [
                URL(string: "/local/\(id)\(LocalPhotoResponse.gridSuffix)").map {
                    PhotoImage(size: .thumbnail, url: $0)
                },
                URL(string: "/local/\(id)").map {
                    PhotoImage(size: image.size, url: $0, width: image.width, height: image.height)
                },
            ].compactMap { $0 }
        }
        return served
    }

    private func eventStream(_ body: @escaping @Sendable (inout any ResponseBodyWriter) async throws -> Void)
        -> Response
    {
        Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                try await body(&writer)
                try await writer.finish(nil)
            })
    }

    static func event(json value: some Encodable) -> String {
        "data: " + JSONText.encode(value) + "\n\n"
    }

    /// Text as it leaves the server: secrets hidden, bidirectional controls replaced.
    private func outgoing(_ text: String) -> String {
        PageText.safe(redact(text))
    }

    private func json(_ value: some Encodable) -> Response {
        text(PageText.safeJSON(redact(JSONText.encode(value))), type: "application/json")
    }

    private func text(_ body: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

/// A message for the page (an unsearchable query, a filter it cannot use).
package struct PageMessage: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// One line of JSON, keys sorted.
enum JSONText {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
