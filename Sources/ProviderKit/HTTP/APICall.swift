import Foundation

extension HTTPRequest {
    /// The most an API answer (one page of JSON results) may weigh: 8 MiB. The largest page any
    /// provider asks for (Flickr's 500 photos with every extra) is well under 1 MiB, so this leaves
    /// room for verbose sources while a hostile or broken endpoint cannot fill memory.
    public static let apiResponseLimit = 8 << 20

    /// A `GET` for one page of `search`: due by the search's deadline (no attempt, retry or
    /// `Retry-After` wait runs past it), logged through `context`'s logger, its answer at most
    /// ``apiResponseLimit``, with `headers` (an API key sent as `Authorization`, a User-Agent), and `secretNames` hidden everywhere the request is shown.
    public static func apiCall(
        _ url: URL, for search: SearchRequest, context: ProviderContext, headers: [HTTPRequest.Header] = [],
        secretNames: Set<String> = []
    ) -> HTTPRequest {
        HTTPRequest(
            url: url, headers: headers, maxResponseBytes: apiResponseLimit, deadline: search.deadline,
            secretNames: secretNames, logger: context.logger, cache: .standard)
    }
}

extension HTTPClient {
    /// Sends an API call; a body over its limit becomes a ``ProviderError`` that names the source
    /// (`"Flickr sent more than 8 MiB for one page of results …"`), other failures pass through.
    public func sendAPI(_ request: HTTPRequest, source: String) async throws -> HTTPResponse {
        do {
            return try await send(request)
        } catch let error as HTTPClientError where error.kind == .responseTooLarge {
            throw ProviderError.badData(
                "\(source) sent a response larger than \(CurlErrors.byteCount(request.maxResponseBytes)) for one page "
                    + "of results (a real page is well under 1 MiB); is `endpoint` right?")
        }
    }
}

extension JSONDecoder {
    /// A decoder that reads no more than `limit` elements of every ``BoundedArray`` it meets.
    public static func bounded(to limit: Int) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[BoundedArray<Int>.limitKey] = max(0, limit)
        return decoder
    }
}

/// A JSON array of which only the first elements are decoded: as many as the decoder's
/// ``JSONDecoder/bounded(to:)`` limit. A page stuffed with a million entries then costs no
/// more than the ones the provider asked for; the rest is never turned into values.
public struct BoundedArray<Element: Decodable>: Decodable {
    /// The elements read, at most the limit.
    public var elements: [Element]

    /// The `userInfo` key holding the limit.
    public static var limitKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "viewfinder.boundedArrayLimit")! }

    /// Creates an array from already decoded elements.
    public init(_ elements: [Element]) {
        self.elements = elements
    }

    public init(from decoder: any Decoder) throws {
        let limit = decoder.userInfo[Self.limitKey] as? Int ?? .max
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        if let count = container.count { elements.reserveCapacity(min(count, limit, 1000)) }
        while !container.isAtEnd, elements.count < limit {
            elements.append(try container.decode(Element.self))
        }
        self.elements = elements
    }
}
