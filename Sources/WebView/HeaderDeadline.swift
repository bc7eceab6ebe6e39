import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers 408 and closes a connection whose request headers are not complete within
/// ``limit``: counted from when the connection opens, and again from when an answer has been
/// sent (a connection kept open for the next request), and never extended by more bytes. Hummingbird's idle timeout is
/// reset by every header line, so a client sending one line every few seconds would hold its
/// connection (and a descriptor, and memory) for ever; with thousands of them the server runs
/// out of descriptors and ordinary requests wait.
///
/// It also tells ``WaitingConnections`` which connections are still waiting for headers: those
/// are the ones closed, oldest first, when the server holds as many connections as it may.
final class HeaderDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long a request's headers may take at most.
    static let limit = TimeAmount.seconds(5)

    private let limit: TimeAmount
    private let connections: WaitingConnections
    private var timer: Scheduled<Void>?
    private var id: WaitingConnections.ID?
    /// Requests whose headers arrived and whose answer has not ended (more than one when the
    /// client sends its next request early).
    private var unanswered = 0

    init(limit: TimeAmount = HeaderDeadline.limit, connections: WaitingConnections) {
        self.limit = limit
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { opened(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopWaiting()
        if let id { connections.closed(id) }
        id = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopWaiting()
        if let id { connections.closed(id) }
        id = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            unanswered += 1
            stopWaiting()
            if let id { connections.headersArrived(id) }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd: Bool
        if case .end = unwrapOutboundIn(data) { isEnd = true } else { isEnd = false }
        context.write(data, promise: promise)
        // The last answer is out: the connection now waits for the next request's headers.
        if isEnd { unanswered = max(0, unanswered - 1) }
        if isEnd, unanswered == 0, let id, context.channel.isActive {
            startWaiting(context)
            connections.waitingAgain(id, channel: context.channel)
        }
    }

    private func opened(_ context: ChannelHandlerContext) {
        guard id == nil else { return }
        id = connections.opened(context.channel)
        startWaiting(context)
    }

    private func startWaiting(_ context: ChannelHandlerContext) {
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [self] in
            expire(context)
        }
    }

    private func stopWaiting() {
        timer?.cancel()
        timer = nil
    }

    /// Says why (408) and closes the connection.
    private func expire(_ context: ChannelHandlerContext) {
        timer = nil
        guard context.channel.isActive, unanswered == 0 else { return }
        let head = HTTPResponse(
            status: .requestTimeout, headerFields: [.connection: "close", .contentLength: "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(promise: nil)
    }
}
