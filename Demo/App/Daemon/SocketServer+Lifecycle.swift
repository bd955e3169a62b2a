#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Accepting clients, timeouts, signals and the drain.
extension SocketServer {
    /// Accepts every waiting client. Peers of another user are refused; past the connection
    /// limit a client gets a `busy` reply and is closed.
    func acceptAll(limit: Int = 64) {
        let now = MonotonicInstant.now()
        for _ in 0..<limit {
            let fd = accept(listener.fd, nil, nil)
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    // Out of descriptors: stop polling the listener briefly instead of spinning.
                    if !outOfDescriptors {
                        log.note("accept failed: \(FileDescriptor.describe(errno)); pausing accepts")
                    }
                    (outOfDescriptors, acceptPausedUntil) = (true, now.adding(seconds: 0.1))
                }
                return
            }
            if outOfDescriptors {
                log.note("accepting again")
                outOfDescriptors = false
            }
            guard FileDescriptor.configure(fd, nonBlocking: true) else {
                close(fd)
                continue
            }
            guard let peer = PeerCredentials(socket: fd), peer.uid == geteuid() else {
                let who = PeerCredentials(socket: fd).map { "uid=\($0.uid) pid=\($0.pid)" } ?? "unknown peer"
                Connection.sendFarewell(
                    .failed(
                        ReplyError(
                            code: "forbidden", url: nil,
                            message: "this daemon only serves its own user")), to: fd)
                close(fd)
                log.note("refused connection from \(who): not the daemon's user")
                continue
            }
            guard connections.count < configuration.maxConnections else {
                Connection.sendFarewell(.failed(.busy(limit: configuration.maxConnections)), to: fd)
                close(fd)
                log.note("refused connection from pid=\(peer.pid): \(configuration.maxConnections) clients already")
                continue
            }
            let id = nextConnectionID
            nextConnectionID += 1
            connections[id] = Connection(id: id, fd: fd, lineLimit: configuration.lineLimit, now: now)
        }
    }

    /// Milliseconds until the earliest deadline, or -1 (wait for I/O only).
    func pollTimeout() -> Int32 {
        var earliest = drainDeadline
        func consider(_ deadline: MonotonicInstant?) {
            guard let deadline else { return }
            if earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        consider(acceptPausedUntil)
        for client in connections.values { consider(client.nextDeadline(idleTimeout: configuration.idleTimeout)) }
        guard let earliest else { return -1 }
        return Int32(min(MonotonicInstant.now().milliseconds(until: earliest), 60_000))
    }

    /// Answers handlers that ran out of time and closes clients that idled or stopped reading.
    func expireDeadlines() {
        let now = MonotonicInstant.now()
        if let paused = acceptPausedUntil, now >= paused { acceptPausedUntil = nil }
        let idleLimit = configuration.idleTimeout
        for client in connections.values where !client.broken {
            var expired = false
            for index in client.slots.indices
            where client.slots[index].reply == nil && client.slots[index].deadline <= now {
                let reply = Reply.failed(.timeout(client.slots[index].url, seconds: configuration.handlerTimeout))
                client.slots[index].reply = reply
                logRequest(client.id, url: client.slots[index].url, reply: reply, started: client.slots[index].started)
                expired = true
            }
            if expired {
                client.moveReadyRepliesToOutput()
                client.flush(now: now)
            }
            guard client.lastActivity.adding(seconds: idleLimit) <= now else { continue }
            if client.hasPendingOutput {
                client.broken = true
                log.note("conn=\(client.id) closed: replies unread for \(SecondsFormat.text(idleLimit))")
            } else if client.slots.isEmpty && !client.readClosed {
                Connection.sendFarewell(
                    .failed(
                        ReplyError(
                            code: "idle_timeout", url: nil,
                            message: "no complete request for \(SecondsFormat.text(idleLimit)); closing")),
                    to: client.fd)
                client.broken = true
                log.note("conn=\(client.id) closed: idle for \(SecondsFormat.text(idleLimit))")
            }
        }
    }

    /// Closes the clients that are done or gone.
    func closeFinished() {
        for client in connections.values where client.isFinished {
            // Requests still in the socket were sent and never run too: read them to count them.
            if client.broken { readAvailable(client, evenIfBroken: true) }
            let unread = client.framer.waitingLineCount
            if client.broken && unread > 0 {
                log.note("conn=\(client.id) closed: \(unread) request(s) it sent were never run")
            } else if !client.broken && client.framer.hasPartialLine {
                log.note("conn=\(client.id) incomplete request discarded (no newline before the connection ended)")
            }
            close(client.fd)
            connections[client.id] = nil
            acceptPausedUntil = nil
        }
    }

    /// The first SIGTERM/SIGINT/SIGHUP starts the drain; a second one ends it at once, also when
    /// both are read in one turn of the loop.
    func handleSignals() {
        let received = FileDescriptor.drain(signalFD)
        guard let signal = received.last else { return }
        let name = ShutdownSignals.name(Int32(signal))
        let wasDraining = drainDeadline != nil
        if !wasDraining { beginDrain(after: name) }
        if wasDraining || received.count > 1 {
            log.note("\(name) again: stopping without waiting")
            drainDeadline = .now()
            stoppedAtOnce = true
        }
    }

    /// Moves what the client has already sent into its framer, room or not, up to 1 MiB (more
    /// than a socket buffers, so a client that keeps writing cannot hold the drain here); the
    /// lines are then answered as room allows.
    private func readQueued(_ client: Connection) {
        readAvailable(client)
        if hasRoom(client) { handleBufferedLines(client) }
    }

    /// Moves what the socket holds, up to 1 MiB, into the client's framer; a broken client's is
    /// read only when `evenIfBroken`.
    private func readAvailable(_ client: Connection, evenIfBroken: Bool = false) {
        for _ in 0..<(1 << 20) / readBuffer.count where evenIfBroken || !client.broken {
            let count = readBuffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                readBuffer.withUnsafeBytes { client.framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                if count < 0 && errno != EAGAIN && errno != EWOULDBLOCK { client.broken = true }
                break
            }
        }
    }

    /// Stops accepting and removes the socket file; reads what clients have already sent,
    /// then reads no more. Clients owed nothing are closed before the last accept, so that the
    /// clients still waiting in the backlog, whose requests count as received, find room. The
    /// loop ends once every request received so far is answered and written, or when the drain
    /// timeout passes.
    private func beginDrain(after signal: String) {
        func readTheLastRequests() {
            for client in connections.values where !client.readClosed {
                readQueued(client)
                client.readClosed = true
            }
        }
        readTheLastRequests()
        closeFinished()
        acceptAll(limit: Int(SOMAXCONN))  // the most a listen backlog holds
        listening = false
        listener.stopListening()
        drainDeadline = MonotonicInstant.now().adding(seconds: configuration.drainTimeout)
        readTheLastRequests()
        let inFlight = connections.values.reduce(0) { $0 + $1.slots.count + $1.framer.waitingLineCount }
        let unwritten = connections.values.filter { $0.hasPendingOutput && !$0.broken }.count
        log.note(
            "\(signal): stopped accepting; finishing \(inFlight) request(s) in flight"
                + (unwritten > 0 ? ", writing replies to \(unwritten) client(s)" : ""))
    }
}
