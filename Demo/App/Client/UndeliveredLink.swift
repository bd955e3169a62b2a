/// What `send` tells the user when the daemon did not take a link: that the link was not
/// delivered (or, when a daemon did not answer, may not have been), and the commands that start
/// a daemon on the same socket.
enum UndeliveredLink {
    /// The lines printed after an error of `kind`.
    static func advice(
        url: String?, socket: ConfiguredSocket, kind: ClientError.Kind,
        binary: String = DesktopEntryCommand.executablePath()
    ) -> String {
        let what = url.map { "The link \(LogLine.printable($0)) was not delivered." } ?? "The daemon did not answer."
        if kind == .notASocket {
            let give = "Give the path a daemon listens on (--socket or \(ConfiguredSocket.environmentVariable))."
            return url == nil ? give : what + " " + give
        }
        if kind == .permissionDenied {
            // Another user's daemon would refuse the link anyway (`forbidden`): only a daemon of one's own helps.
            let own =
                (url == nil ? "Ping" : "Send it to") + " a daemon of your own (--socket or "
                + "\(ConfiguredSocket.environmentVariable))."
            return url == nil ? own : what + " " + own
        }
        if kind == .notAccepted {
            // No connection, so no byte of the link reached the daemon: opening it again is safe.
            let later = "The daemon is stuck or has more clients than it queues; open the link again once it answers."
            return url == nil ? later : what + " " + later
        }
        let serve = shellWord(binary) + " serve" + (socket.isDefault ? "" : " --socket " + shellWord(socket.path))
        guard kind == .notListening else {
            // The line may have reached a daemon that routes it late: opening it again could run it twice.
            let maybe = url.map { "The link \(LogLine.printable($0)) may not have been delivered." } ?? what
            return """
                \(maybe) A daemon may be stuck or restarting; its log, on its stderr
                (journalctl --user -u \(SystemdUnitsCommand.serviceName) when systemd runs it), tells whether it
                routed the link before you open it again.
                """
        }
        // A ping to no daemon at all has nothing undelivered to report: only how to start one.
        var lines = url == nil ? ["Start the daemon:"] : [what, "Start the daemon, then open the link again:"]
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
            return (link.map { $0 + " was not delivered: " } ?? "")
                + "the daemon closed the connection before the request."
        case "forbidden":
            return (link.map { $0 + " was not delivered: " } ?? "") + "the daemon serves only the user that started it."
        case "timeout":
            return (link ?? "The request") + " reached the daemon, but its handler had not answered in time: "
                + "it may still run; the daemon's log tells whether it did before you open it again."
        default: return nil
        }
    }

    /// `word` quoted for a POSIX shell when it holds anything but safe characters.
    static func shellWord(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:,@%=".contains($0)) }
        return safe && !word.isEmpty ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
    }
}
