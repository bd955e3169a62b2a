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
            return Outcome(
                stdout: nil,
                stderr: "deeplink send: the daemon's reply is not one of ours: \(LogLine.printable(replyLine))",
                status: .daemonUnreachable)
        }
        let printed = json ? printableJSON(replyLine) : HumanOutput.describe(reply, url: url)
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

    /// A reply line that parsed as JSON, as `--json` prints it: byte for byte, except that the
    /// characters ``HumanOutput/shown(_:)`` escapes are written `\uXXXX` inside strings (where
    /// JSON reads that as the same character; they are all in the BMP) and as a space outside
    /// them (only JSON's whitespace, a tab or a carriage return, can be there).
    static func printableJSON(_ line: String) -> String {
        var output = ""
        var inString = false
        var escaping = false
        for scalar in line.unicodeScalars {
            if HumanOutput.needsEscaping(scalar) {
                let hex = String(scalar.value, radix: 16)
                output += inString ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex : " "
                escaping = false
                continue
            }
            output.unicodeScalars.append(scalar)
            if escaping {
                escaping = false
            } else if inString && scalar == "\\" {
                escaping = true
            } else if scalar == "\"" {
                inString.toggle()
            }
        }
        return output
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
