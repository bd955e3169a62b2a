#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The daemon's event loop: one thread polls the listening socket, every client socket
/// (non-blocking), the signal pipe and the completion pipe, and routes each request itself.
///
/// The rule, as in any event loop (SwiftNIO, Vapor): **handlers run on the loop thread and
/// must not block it.** A handler that completes before `open` returns (the usual case) has
/// its reply put in its slot at once. Slow work completes later from another thread, as
/// `account://session/refresh` does; that reply comes back through the ``CompletionInbox``,
/// the handler timeout still applies to it, and neither its client's other requests nor any
/// other client wait for it meanwhile. A slow *client* never holds anyone up either: sockets
/// are non-blocking and unsent replies are buffered. Each client's replies go out in the order
/// of its requests.
final class SocketServer {
    var listener: ListeningSocket
    let service: any DeepLinkService
    let configuration: ServerConfiguration
    let signalFD: Int32
    let inbox: CompletionInbox
    var connections: [UInt64: Connection] = [:]
    var nextConnectionID: UInt64 = 1
    var listening = true
    var acceptPausedUntil: MonotonicInstant?
    /// Whether accepts are failing for want of descriptors: said once in the log, and once when they work again.
    var outOfDescriptors = false
    var drainDeadline: MonotonicInstant?
    /// Whether a second signal ended the drain (rather than its timeout).
    var stoppedAtOnce = false
    var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)
    var log = RequestLog()

    init(
        listener: ListeningSocket, service: any DeepLinkService, configuration: ServerConfiguration,
        signalFD: Int32, inbox: CompletionInbox
    ) {
        self.listener = listener
        self.service = service
        self.configuration = configuration
        self.signalFD = signalFD
        self.inbox = inbox
    }

    /// Serves until SIGTERM/SIGINT/SIGHUP and the drain that follows; removes the socket file.
    /// Returns `.success`, or `.failure` if `poll` itself fails.
    func run() -> ExitCode {
        var status = ExitCode.success
        // Reused every loop turn: the clients polled and their `pollfd`s, the completions
        // taken. Locals, not properties, so that using them costs no exclusivity checks.
        var polled: [Connection] = []
        var descriptors: [pollfd] = []
        var completions: [Completion] = []
        while true {
            if let drainDeadline, connections.isEmpty || MonotonicInstant.now() >= drainDeadline { break }
            polled.removeAll(keepingCapacity: true)
            polled.append(contentsOf: connections.values)
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0))
            descriptors.append(pollfd(fd: inbox.pollDescriptor, events: Int16(POLLIN), revents: 0))
            let acceptIndex = descriptors.count
            let accepting = listening && (acceptPausedUntil.map { MonotonicInstant.now() >= $0 } ?? true)
            descriptors.append(pollfd(fd: accepting ? listener.fd : -1, events: Int16(POLLIN), revents: 0))
            for client in polled {
                var events: Int16 = 0
                if wantsRead(client) { events |= Int16(POLLIN) }
                if client.hasPendingOutput { events |= Int16(POLLOUT) }
                // A negative descriptor is skipped by poll: nothing to wait for on this client
                // (its handlers are still running), and a hung-up peer must not spin the loop.
                descriptors.append(pollfd(fd: events == 0 ? -1 : client.fd, events: events, revents: 0))
            }
            log.flush()
            if poll(&descriptors, nfds_t(descriptors.count), pollTimeout()) < 0 && errno != EINTR {
                log.note("poll failed: \(FileDescriptor.describe(errno)); stopping")
                status = .failure
                break
            }
            if descriptors[0].revents != 0 { handleSignals() }
            if descriptors[1].revents != 0 { deliverCompletions(reusing: &completions) }
            for (offset, client) in polled.enumerated() where connections[client.id] != nil {
                let events = Int32(descriptors[acceptIndex + 1 + offset].revents)
                if events & Int32(POLLIN | POLLHUP | POLLERR) != 0 && wantsRead(client) { readFrom(client) }
                if events != 0 && client.hasPendingOutput { client.flush(now: .now()) }
            }
            expireDeadlines()
            // Requests read while a client had no room wait in its framer; now that replies
            // went out or handlers finished, it may have room again.
            for client in polled where connections[client.id] != nil && client.framer.hasUnscannedBytes {
                if !client.broken && hasRoom(client) { handleBufferedLines(client) }
            }
            // Close before accepting, so clients that hung up in this round free their places.
            closeFinished()
            if accepting && listening && descriptors[acceptIndex].revents != 0 {
                acceptAll()
            }
        }
        if drainDeadline != nil && !connections.isEmpty {
            let unanswered = connections.values.reduce(0) { $0 + $1.slots.count + $1.framer.waitingLineCount }
            log.note(
                (stoppedAtOnce ? "stopped at once" : "drain timeout")
                    + ": gave up on \(connections.count) client(s) with replies unsent or requests unread; "
                    + "\(unanswered) request(s) in flight unanswered")
        }
        for client in connections.values { close(client.fd) }
        connections.removeAll()
        if listening { listener.stopListening() }
        log.note(listener.ownsPath ? "stopped; removed \(listener.path)" : "stopped; left \(listener.path) to systemd")
        log.finish()
        return status
    }

    // MARK: - Reading and requests

    func wantsRead(_ client: Connection) -> Bool {
        !client.readClosed && !client.broken && hasRoom(client)
    }

    func hasRoom(_ client: Connection) -> Bool {
        client.slots.count < configuration.maxOutstandingPerConnection
            && client.output.count - client.outputOffset < configuration.maxPendingOutput
    }

    /// Reads what the client sent (up to 64 KiB per round, for fairness) and handles its lines.
    func readFrom(_ client: Connection) {
        for _ in 0..<4 where wantsRead(client) {
            let count = readBuffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                readBuffer.withUnsafeBytes { client.framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                handleBufferedLines(client)
                if count < readBuffer.count { return }
            } else if count == 0 {
                // The complete lines still buffered are answered as room allows; what is
                // left after them when the connection closes is an incomplete request.
                client.readClosed = true
                return
            } else if errno == EINTR {
                continue
            } else {
                if errno != EAGAIN && errno != EWOULDBLOCK { client.broken = true }
                return
            }
        }
    }

    /// Turns complete lines into requests while the client has room for more replies. Returns
    /// with no complete line left, or with no room: replies unsent (the loop waits for the
    /// client to read them) or requests in flight (their completions call this again).
    func handleBufferedLines(_ client: Connection) {
        let now = MonotonicInstant.now()
        repeat {
            while hasRoom(client), !client.broken, let event = client.framer.next() {
                client.lastActivity = now
                switch event {
                case .overlong:
                    answer(client, url: nil, with: .failed(.lineTooLong(limit: configuration.lineLimit)), now: now)
                case .line(let bytes):
                    switch RequestLine.parse(bytes) {
                    case .failure(let error): answer(client, url: nil, with: .failed(error), now: now)
                    case .success(.ping): answer(client, url: nil, with: .pong, now: now)
                    case .success(.open(let url)): dispatch(url, for: client, now: now)
                    }
                }
                client.moveReadyRepliesToOutput()
            }
            // The socket may take every reply at once and leave room for the lines after them.
            client.flush(now: now)
        } while !client.broken && hasRoom(client) && client.framer.hasUnscannedBytes
    }

    func answer(_ client: Connection, url: String?, with reply: Reply, now: MonotonicInstant) {
        _ = client.addSlot(url: url, reply: reply, now: now, timeout: configuration.handlerTimeout)
        logRequest(client.id, url: url, reply: reply, started: now)
    }

    /// Routes `url` on the loop thread. A reply given before `open` returns is recorded in
    /// the handoff and put in the request's slot once `open` has returned, so the completion
    /// never touches loop state; a reply given later, from another thread, goes through the
    /// inbox.
    func dispatch(_ url: String, for client: Connection, now: MonotonicInstant) {
        let sequence = client.addSlot(url: url, reply: nil, now: now, timeout: configuration.handlerTimeout)
        let handoff = ReplyHandoff()
        let (inbox, id) = (self.inbox, client.id)
        service.open(url, source: .external) { reply in
            guard !handoff.keep(reply) else { return }
            inbox.post(Completion(connectionID: id, sequence: sequence, url: url, reply: reply, started: now))
        }
        guard let reply = handoff.finishRouting() else { return }
        // The handler ran no loop code, so this request's slot is still the last one.
        let index = client.slots.count - 1
        assert(client.slots[index].sequence == sequence)
        client.slots[index].reply = reply
        logRequest(id, url: url, reply: reply, started: now)
    }

    /// Fills the slots of finished requests; a reply for a client that is gone is only logged.
    /// `completions` is empty storage to reuse.
    func deliverCompletions(reusing completions: inout [Completion]) {
        inbox.take(into: &completions)
        defer { completions.removeAll(keepingCapacity: true) }
        for completion in completions {
            guard let client = connections[completion.connectionID],
                let index = client.slots.firstIndex(where: { $0.sequence == completion.sequence })
            else {
                logRequest(
                    completion.connectionID, url: completion.url, reply: completion.reply,
                    started: completion.started, note: "(client gone or timed out)")
                continue
            }
            guard client.slots[index].reply == nil else { continue }
            client.slots[index].reply = completion.reply
            logRequest(client.id, url: completion.url, reply: completion.reply, started: completion.started)
            client.moveReadyRepliesToOutput()
            client.flush(now: .now())
            handleBufferedLines(client)
        }
    }

    func logRequest(_ id: UInt64, url: String?, reply: Reply, started: MonotonicInstant, note: String? = nil) {
        log.request(id, url: url, reply: reply, started: started, note: note)
    }
}
