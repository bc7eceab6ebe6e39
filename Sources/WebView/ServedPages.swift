import NIOCore

/// `/` and `/popular`, each as it opens at once or as it waits for Go (opened from another
/// site): rendered once, when the server starts. The page does not depend on the query (its
/// script reads the address), so no page is rendered per request and nothing is kept per query.
struct ServedPages: Sendable {
    /// By ``index(popular:startsAtOnce:)``.
    private let pages: [ByteBuffer]

    /// Renders the four pages; `outgoing` is applied to each as to every text that leaves the
    /// server (secrets hidden, bidirectional controls replaced).
    init(resources: PageResources, outgoing: (String) -> String) {
        var pages: [ByteBuffer] = []
        for popular in [false, true] {
            for startsAtOnce in [false, true] {
                let model = GalleryPage(servedPopular: popular, startsAtOnce: startsAtOnce)
                pages.append(ByteBuffer(string: outgoing(resources.render(model))))
            }
        }
        self.pages = pages
    }

    /// The page's bytes.
    func page(popular: Bool, startsAtOnce: Bool) -> ByteBuffer {
        pages[Self.index(popular: popular, startsAtOnce: startsAtOnce)]
    }

    private static func index(popular: Bool, startsAtOnce: Bool) -> Int {
        (popular ? 2 : 0) + (startsAtOnce ? 1 : 0)
    }
}
