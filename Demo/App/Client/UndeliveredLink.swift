/// What `send` tells the user when the daemon did not take a link: that the link was not
/// delivered (or, when a daemon did not answer, may not have been), and the commands that start
/// a daemon on the same socket.
enum UndeliveredLink {
    /// The lines printed after an error of `kind`.
    static func advice(
        url: String?, socket: ConfiguredSocket, kind: ClientError.Kind,
        binary: String = DesktopEntryCommand.executablePath()
    ) -> String {
        let link = url.map { "The link \(LogLine.printable($0))" }
        let notDelivered = link.map { $0 + " was not delivered. " } ?? ""
        let log =
            "its log, on its stderr\n(journalctl --user -u \(SystemdUnitsCommand.serviceName) when systemd runs it),"
        switch kind {
        case .notASocket:
            return notDelivered
                + "Give the path a daemon listens on (--socket or \(ConfiguredSocket.environmentVariable))."
        case .permissionDenied:
            // Another user's daemon would refuse the link anyway (`forbidden`): only a daemon of one's own helps.
            return notDelivered + (url == nil ? "Ping" : "Send it to")
                + " a daemon of your own (--socket or \(ConfiguredSocket.environmentVariable))."
        case .notAccepted:
            // No connection, so no byte of the link reached the daemon: opening it again is safe.
            return notDelivered + "The daemon is stuck or has more clients than it queues; "
                + (url == nil ? "try again once it answers." : "open the link again once it answers.")
        case .notConnected:
            // No connection, so nothing was sent: opening the link again is safe.
            return notDelivered
                + (url == nil
                    ? "Nothing reached a daemon."
                    : "Nothing reached a daemon: open it again once the error above is fixed.")
        case .noAnswer:
            guard let link else { return "The daemon may be stuck or restarting; \(log) says why." }
            // The line may have reached a daemon that routes it late: opening it again could run it twice.
            return """
                \(link) may not have been delivered. A daemon may be stuck or restarting; \(log) tells whether it
                routed the link before you open it again.
                """
        case .notListening:
            break
        }
        let serve = shellWord(binary) + " serve" + (socket.isDefault ? "" : " --socket " + shellWord(socket.path))
        // A ping to no daemon at all has nothing undelivered to report: only how to start one.
        var lines =
            link.map { [$0 + " was not delivered.", "Start the daemon, then open the link again:"] }
            ?? ["Start the daemon:"]
        lines.append("  \(serve) &")
        // systemd's socket listens in XDG_RUNTIME_DIR (`%t`): not on the /tmp default without it.
        if socket.isDefault, socket.path.hasSuffix("/deeplink/" + SocketPath.fileName) {
            lines += [
                "or let systemd start it whenever a link arrives:",
                "  \(shellWord(binary)) systemd-units   (prints the units and how to enable them)",
            ]
        }
        return lines.joined(separator: "\n")
    }

    /// The line printed after a reply that is no outcome of the link: `busy`, `forbidden` or
    /// `idle_timeout` (the daemon took nothing) or `timeout` (its handler had not answered, and
    /// may still run); nil for any other reply.
    static func replyAdvice(code: String, url: String?) -> String? {
        let link = url.map { "The link \(LogLine.printable($0))" }
        switch code {
        case ReplyError.busyCode:
            guard let link else { return "The daemon runs but took no request; try again when it has fewer clients." }
            return link + " was not delivered; open it again when the daemon has fewer clients."
        case "idle_timeout":
            guard let link else { return "The daemon closed the connection before the request." }
            return link + " was not delivered: the daemon closed the connection before the request."
        case "forbidden":
            guard let link else { return "The daemon serves only the user that started it." }
            return link + " was not delivered: the daemon serves only the user that started it."
        case "timeout":
            guard let link else {
                return "The daemon took the request but did not answer it in time; its log says why."
            }
            return link + " reached the daemon, but its handler had not answered in time: "
                + "it may still run; the daemon's log tells whether it did before you open it again."
        default: return nil
        }
    }

    /// The line printed after a reply that is not one of the daemon's: the request was
    /// written, so whatever listens may have taken the link.
    static func unknownReplyAdvice(url: String?) -> String {
        guard let url else { return "What listens on the socket may not be this program's daemon; its log says why." }
        return "The link \(LogLine.printable(url)) may not have been delivered; the daemon's log tells whether it "
            + "routed the link before you open it again."
    }

    /// `word` quoted for a POSIX shell when it holds anything but safe characters.
    static func shellWord(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:,@%=".contains($0)) }
        return safe && !word.isEmpty ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
    }
}
