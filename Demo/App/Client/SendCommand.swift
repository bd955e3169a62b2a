import Foundation

/// `deeplink send [--json] [--socket PATH] [--timeout S] [--] URL` and `send --ping`: hand a URL
/// to the running daemon and print its reply.
enum SendCommand {
    /// The longest URL that fits a request line (`OPEN ` plus the URL within the daemon's cap).
    static let maxURLLength = ServerConfiguration().lineLimit - "OPEN ".utf8.count

    static func run(
        url: String?, socket: String?, json: Bool, timeout: Double,
        environment: [String: String], notUTF8: Set<String> = []
    ) -> ExitCode {
        let url = url.map { String($0.trimmingSpaces()) }  // as the daemon reads `OPEN <url>`
        let line: String
        if let url {
            if let problem = problem(with: url) {
                // The request is bad, as the daemon would have answered (exit status 1); it is
                // refused here so that nothing of it reaches the daemon.
                if json { print(Reply.failed(problem).json.encoded) }
                printError("deeplink send: \(problem.message)")
                return .notRouted
            }
            line = "OPEN " + url
        } else {
            line = "PING"
        }
        let configured: ConfiguredSocket
        do {
            // No daemon can listen on a path too long for a socket: the path is wrong, not the daemon.
            configured = try ConfiguredSocket.resolve(option: socket, environment: environment, notUTF8: notUTF8)
                .fitting()
        } catch {
            let undelivered = url.map { "\nThe link \(LogLine.printable($0)) was not delivered." } ?? ""
            printError("deeplink send: \(error.message)" + undelivered)
            return .usage
        }
        let client = DaemonClient(path: configured.path, timeout: timeout)
        let replyLine: String
        do {
            replyLine = try client.request(line)
        } catch {
            printError(
                "deeplink send: \(error.message)\n"
                    + UndeliveredLink.advice(url: url, socket: configured, kind: error.kind))
            return .daemonUnreachable
        }
        let outcome = outcome(ofReply: replyLine, url: url, json: json, socket: configured.path)
        if let stdout = outcome.stdout { print(stdout) }
        if let stderr = outcome.stderr { printError(stderr) }
        return outcome.status
    }

    /// The most of a reply that is not one of the daemon's that `send` prints (in Unicode scalars).
    static let maxShownReply = 300

    /// What `send` prints for a reply line and the status it exits with.
    struct Outcome: Equatable {
        var stdout: String?
        var stderr: String?
        var status: ExitCode
    }

    /// Reads the daemon's `replyLine` (without its newline) to `url` (nil for a ping) on
    /// `socket`. Everything taken from the reply is printed escaped, on one line: a daemon
    /// cannot forge lines or send escape codes to the terminal either.
    static func outcome(ofReply replyLine: String, url: String?, json: Bool, socket: String) -> Outcome {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(replyLine.utf8)),
            let reply = Reply(json: value)
        else {
            let scalars = replyLine.unicodeScalars
            let cut = String(String.UnicodeScalarView(scalars.prefix(maxShownReply)))
            return Outcome(
                stdout: nil,
                stderr: "deeplink send: the daemon on \(socket) answered a line that is not one of its replies: "
                    + HumanOutput.shown(cut) + (scalars.count > maxShownReply ? "…" : "") + "\n"
                    + UndeliveredLink.unknownReplyAdvice(url: url),
                status: .daemonUnreachable)
        }
        let printed = json ? jsonLine(of: value, readAs: reply) : HumanOutput.describe(reply, url: url)
        if case .failed(let error) = reply, let advice = UndeliveredLink.replyAdvice(code: error.code, url: url) {
            // The daemon took nothing, or gave up waiting for the handler: undelivered (or maybe
            // not), as when no daemon answers.
            return Outcome(
                stdout: json ? printed : nil,
                stderr: "deeplink send: the daemon on \(socket) answered "
                    + "\(HumanOutput.shown(error.code)): \(HumanOutput.shown(error.message))\n" + advice,
                status: .daemonUnreachable)
        }
        return Outcome(stdout: printed, stderr: nil, status: ExitCode(reply))
    }

    /// The parsed reply `value`, one of ours read as `reply`, as `--json` prints it: encoded
    /// afresh, so its strings are escaped as in every line this program writes, with its
    /// members in the order the daemon writes them (the decoder sorts them by key) and any
    /// others after those, by key.
    static func jsonLine(of value: JSONValue, readAs reply: Reply) -> String {
        guard case .object(let members) = value, case .object(let known) = reply.json else { return value.encoded }
        let order = known.map(\.key)
        func rank(_ key: String) -> Int { order.firstIndex(of: key) ?? order.count }
        return JSONValue.object(members.sorted { (rank($0.key), $0.key) < (rank($1.key), $1.key) }).encoded
    }

    /// Why `url` cannot be sent as one request line, if it cannot: a control character (a
    /// newline would smuggle in a second request) or more bytes than a line holds. The codes
    /// are the ones the daemon answers such a line with.
    static func problem(with url: String) -> ReplyError? {
        if url.trimmingSpaces().isEmpty { return .badRequest("the URL is empty") }
        if url.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return .badRequest("the URL contains a control character; percent-encode it")
        }
        if url.utf8.count > maxURLLength {
            return ReplyError(
                code: "line_too_long", url: nil,
                message: "the URL is longer than \(maxURLLength) bytes, more than a request line holds")
        }
        return nil
    }
}
