/// The outcome of one request: what `open` prints and what the daemon sends back, one JSON line.
enum Reply: Sendable {
    /// A handler ran. `parameters` holds path placeholders and query items (path wins);
    /// `result` is the value the handler completed with or returned.
    case routed(pattern: String, parameters: [String: String], result: JSONValue)
    /// Nothing ran: not found, refused, or a bad request.
    case failed(ReplyError)
    /// The answer to `PING`.
    case pong

    /// True when a handler ran or the daemon answered a ping.
    var isSuccess: Bool {
        if case .failed = self { return false }
        return true
    }

    /// The word the request log uses: `routed`, `pong` or the error code.
    var outcome: String {
        switch self {
        case .routed: "routed"
        case .pong: "pong"
        case .failed(let error): error.code
        }
    }

    /// The winning pattern, when a handler ran; for a refusal, the pattern that refused.
    var pattern: String? {
        switch self {
        case .routed(let pattern, _, _): pattern
        case .failed(let error): error.pattern
        case .pong: nil
        }
    }

    /// The reply as JSON, keys in a fixed order:
    /// `{"ok":true,"pattern":…,"parameters":{…},"result":…}`,
    /// `{"ok":false,"error":…,"url":…,"message":…}` (no `url` when the request had none),
    /// `{"ok":true,"pong":true}`.
    var json: JSONValue {
        switch self {
        case .routed(let pattern, let parameters, let result):
            return .object([
                ("ok", .bool(true)), ("pattern", .string(pattern)),
                ("parameters", JSONValue(sortedStrings: parameters)), ("result", result),
            ])
        case .failed(let error):
            var members: [(key: String, value: JSONValue)] = [("ok", .bool(false)), ("error", .string(error.code))]
            if let url = error.url { members.append(("url", .string(url))) }
            members.append(("message", .string(error.message)))
            return .object(members)
        case .pong:
            return .object([("ok", .bool(true)), ("pong", .bool(true))])
        }
    }

    /// Appends ``json`` as compact JSON and a newline: the line the daemon sends, byte for byte
    /// `json.encoded + "\n"`, written without building the enclosing object.
    func appendJSONLine(to output: inout [UInt8]) {
        switch self {
        case .routed(let pattern, let parameters, let result):
            JSONBytes.appendLiteral(#"{"ok":true,"pattern":"#, to: &output)
            JSONBytes.appendString(pattern, to: &output)
            JSONBytes.appendLiteral(#","parameters":{"#, to: &output)
            Self.appendMembers(parameters, to: &output)
            JSONBytes.appendLiteral(#"},"result":"#, to: &output)
            JSONBytes.append(result, to: &output)
            output.append(UInt8(ascii: "}"))
        case .failed(let error):
            JSONBytes.appendLiteral(#"{"ok":false,"error":"#, to: &output)
            JSONBytes.appendString(error.code, to: &output)
            if let url = error.url {
                JSONBytes.appendLiteral(#","url":"#, to: &output)
                JSONBytes.appendString(url, to: &output)
            }
            JSONBytes.appendLiteral(#","message":"#, to: &output)
            JSONBytes.appendString(error.message, to: &output)
            output.append(UInt8(ascii: "}"))
        case .pong:
            JSONBytes.appendLiteral(#"{"ok":true,"pong":true}"#, to: &output)
        }
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends `parameters` as JSON object members sorted by name. One or two (the usual
    /// case) are put in order by one comparison, without sorting them into a new array.
    private static func appendMembers(_ parameters: [String: String], to output: inout [UInt8]) {
        func append(_ member: (key: String, value: String), first: Bool) {
            if !first { output.append(UInt8(ascii: ",")) }
            JSONBytes.appendKey(member.key, to: &output)
            JSONBytes.appendString(member.value, to: &output)
        }
        guard parameters.count > 2 else {
            var members = parameters.makeIterator()
            guard let one = members.next() else { return }
            guard let other = members.next() else { return append(one, first: true) }
            append(one.key < other.key ? one : other, first: true)
            append(one.key < other.key ? other : one, first: false)
            return
        }
        for (index, member) in parameters.sorted(by: { $0.key < $1.key }).enumerated() {
            append(member, first: index == 0)
        }
    }

    /// Reads a reply line back; nil when `json` is not shaped like one of ours.
    init?(json: JSONValue) {
        guard case .bool(let ok)? = json["ok"] else { return nil }
        if ok {
            if case .bool(true)? = json["pong"] {
                self = .pong
                return
            }
            guard let pattern = json["pattern"]?.stringValue else { return nil }
            var parameters: [String: String] = [:]
            if case .object(let members)? = json["parameters"] {
                for member in members { parameters[member.key] = member.value.stringValue ?? member.value.encoded }
            }
            self = .routed(pattern: pattern, parameters: parameters, result: json["result"] ?? .null)
        } else {
            guard let code = json["error"]?.stringValue else { return nil }
            self = .failed(
                ReplyError(
                    code: code, url: json["url"]?.stringValue,
                    message: json["message"]?.stringValue ?? code))
        }
    }
}

/// Why a request did not run a handler. `code` is a stable snake_case word for scripts;
/// `message` is a sentence for people.
struct ReplyError: Error, Sendable, Equatable {
    var code: String
    var url: String?
    var message: String
    /// The pattern that matched but refused, for the daemon's log; never sent to the client.
    var pattern: String? = nil

    static func badRequest(_ message: String) -> ReplyError {
        ReplyError(code: "bad_request", url: nil, message: message)
    }

    static let badEncoding = ReplyError(
        code: "bad_encoding", url: nil,
        message: "the request line is not valid UTF-8")

    static func lineTooLong(limit: Int) -> ReplyError {
        ReplyError(
            code: "line_too_long", url: nil,
            message: "request line longer than \(limit) bytes; discarded up to the next newline")
    }

    static func timeout(_ url: String?, seconds: Double) -> ReplyError {
        ReplyError(code: "timeout", url: url, message: "no answer within \(SecondsFormat.text(seconds))")
    }

    /// The code of ``busy(limit:)``: the daemon took no request.
    static let busyCode = "busy"

    static func busy(limit: Int) -> ReplyError {
        ReplyError(code: busyCode, url: nil, message: "the daemon already serves \(limit) clients; try again")
    }
}

/// Formatting of second counts in messages.
enum SecondsFormat {
    /// `10` → `"10 s"`, `0.5` → `"0.5 s"`.
    static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
