import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Puts the Content-Security-Policy and `nosniff` on every answer that leaves the server, also
/// those no middleware sees: Hummingbird's 400 for a request the HTTP parser rejects, and
/// ``HeaderDeadline``'s 408.
final class SecurityHeaders: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Scripts and styles only from this server; images also from the photo sources.
    static let policy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' http: https:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Sets the policy and `nosniff` in `headers`.
    static func apply(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = policy
        headers[.xContentTypeOptions] = "nosniff"
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data), head.headerFields[.contentSecurityPolicy] == nil else {
            return context.write(data, promise: promise)
        }
        Self.apply(to: &head.headerFields)
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}
