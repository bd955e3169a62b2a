import Foundation

/// `deeplink send [--json] [--socket PATH] [--timeout S] [--] URL` and `send --ping`: hand a URL
/// to the running daemon and print its reply.
enum SendCommand {
    /// The longest URL that fits a request line (`OPEN ` plus the URL within the daemon's cap).
    static let maxURLLength = ServerConfiguration().lineLimit - "OPEN ".utf8.count

    static func run(
        url: String?, socket: String?, json: Bool, timeout: Double,
        environment: [String: String]
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
            configured = try ConfiguredSocket.resolve(option: socket, environment: environment)
        } catch {
            printError("deeplink send: \(error.message)")
            return .usage
        }
        guard UnixSocketAddress(path: configured.path) != nil else {
            // No daemon can listen there: the path is wrong, not the daemon.
            let undelivered = url.map { "\nThe link \(LogLine.printable($0)) was not delivered." } ?? ""
            printError(
                "deeplink send: the socket path is longer than \(UnixSocketAddress.maxPathLength) bytes, "
                    + "more than a Unix socket takes: \(configured.path)" + undelivered)
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
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(replyLine.utf8)),
            let reply = Reply(json: value)
        else {
            printError("deeplink send: the daemon's reply is not one of ours: \(LogLine.printable(replyLine))")
            return .daemonUnreachable
        }
        if case .failed(let error) = reply, let advice = UndeliveredLink.replyAdvice(code: error.code, url: url) {
            // The daemon took nothing, or gave up waiting for the handler: undelivered (or maybe
            // not), as when no daemon answers.
            if json { print(replyLine) }
            printError(
                "deeplink send: the daemon on \(configured.path) answered \(error.code): \(error.message)\n" + advice)
            return .daemonUnreachable
        }
        print(json ? replyLine : HumanOutput.describe(reply, url: url))
        return ExitCode(reply)
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
