/// A parsed command line.
enum Command: Equatable {
    case help(topic: String?)
    case open(url: String, json: Bool, external: Bool)
    case routes(json: Bool)
    case explain(url: String, external: Bool)
    case serve(socket: String?, idleTimeout: Double)
    case send(url: String?, socket: String?, json: Bool, timeout: Double)
    case desktopEntry(commandsOnly: Bool)
    case systemdUnits(SystemdUnitsCommand.Selection)
}

/// A command line that does not parse; `topic` is the subcommand whose help to point at.
struct UsageError: Error, Equatable {
    var message: String
    var topic: String?

    /// The arguments quoted in `message` are shown escaped (``HumanOutput/shown(_:)``): one line, no escape codes.
    init(message: String, topic: String?) { (self.message, self.topic) = (HumanOutput.shown(message), topic) }
}

/// The command-line parser: `deeplink <subcommand> [options] [arguments]`.
///
/// Options may come before or after the arguments, `--name=value` and `--name value` both
/// work (a value that starts with `-` only as `--name=value`), and `--` ends the options (so
/// `send -- %u` passes a URL that starts with `-`).
enum Arguments {
    /// The subcommands, in the order `--help` lists them.
    static let subcommands = ["open", "routes", "explain", "serve", "send", "desktop-entry", "systemd-units"]
    /// The most seconds `--timeout` and `--idle-timeout` take (they take any more than 0).
    static let maxSeconds = 3600

    static func parse(_ arguments: [String]) -> Result<Command, UsageError> {
        Result { () throws(UsageError) in try parseOrThrow(arguments) }
    }

    private static func parseOrThrow(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { throw UsageError(message: "no subcommand given", topic: nil) }
        switch first {
        case "help", "-h", "--help":
            guard arguments.count <= 2 else {
                throw UsageError(message: "\(first) takes one subcommand name", topic: nil)
            }
            if let topic = arguments.dropFirst().first, !subcommands.contains(topic) {
                throw UsageError(message: "unknown subcommand '\(topic)'", topic: nil)
            }
            return .help(topic: arguments.dropFirst().first)
        default: break
        }
        guard subcommands.contains(first) else {
            throw UsageError(message: "unknown subcommand '\(first)'", topic: nil)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "open":
            let parsed = try Scanner(first, flags: ["--json", "--external"]).scan(rest)
            if parsed.wantsHelp { return .help(topic: first) }
            return .open(url: try parsed.single("URL"), json: parsed.has("--json"), external: parsed.has("--external"))
        case "routes":
            let parsed = try Scanner(first, flags: ["--json"]).scan(rest)
            if parsed.wantsHelp { return .help(topic: first) }
            try parsed.none()
            return .routes(json: parsed.has("--json"))
        case "explain":
            let parsed = try Scanner(first, flags: ["--external"]).scan(rest)
            if parsed.wantsHelp { return .help(topic: first) }
            return .explain(url: try parsed.single("URL"), external: parsed.has("--external"))
        case "serve":
            let parsed = try Scanner(first, valued: ["--socket", "--idle-timeout"]).scan(rest)
            if parsed.wantsHelp { return .help(topic: first) }
            try parsed.none()
            return .serve(socket: try parsed.path("--socket"), idleTimeout: try parsed.seconds("--idle-timeout") ?? 10)
        case "send":
            let parsed = try Scanner(first, flags: ["--json", "--ping"], valued: ["--socket", "--timeout"]).scan(rest)
            if parsed.wantsHelp { return .help(topic: first) }
            let url: String?
            if parsed.has("--ping") {
                try parsed.none()
                url = nil
            } else {
                url = try parsed.single("URL")
            }
            return .send(
                url: url, socket: try parsed.path("--socket"), json: parsed.has("--json"),
                timeout: try parsed.seconds("--timeout") ?? 5)
        case "systemd-units":
            let parsed = try Scanner(first, flags: ["--socket-unit", "--service-unit"]).scan(rest)
            if parsed.wantsHelp { return .help(topic: first) }
            try parsed.none()
            switch (parsed.has("--socket-unit"), parsed.has("--service-unit")) {
            case (true, true): throw UsageError(message: "pass --socket-unit or --service-unit, not both", topic: first)
            case (true, false): return .systemdUnits(.socketUnit)
            case (false, true): return .systemdUnits(.serviceUnit)
            case (false, false): return .systemdUnits(.all)
            }
        default:
            let parsed = try Scanner(first, flags: ["--xdg-mime"]).scan(rest)
            if parsed.wantsHelp { return .help(topic: first) }
            try parsed.none()
            return .desktopEntry(commandsOnly: parsed.has("--xdg-mime"))
        }
    }
}

/// Arguments whose bytes are not UTF-8. `CommandLine.arguments` hands such an argument on
/// repaired (U+FFFD): `send` and `open` would route another link, and a socket path would
/// name another file. Either is a usage error.
enum ArgumentEncoding {
    /// The usage error for the first argument of `arguments` (each one's bytes, the program's
    /// name first) that is not UTF-8, with the `deeplink …:` prefix; nil when all are UTF-8.
    static func problem(_ arguments: [[UInt8]]) -> String? {
        let index = arguments.indices.dropFirst().first { String(validating: arguments[$0], as: UTF8.self) == nil }
        guard let index else { return nil }
        let prefix =
            index > 1 && Arguments.subcommands.contains(String(decoding: arguments[1], as: UTF8.self))
            ? "deeplink \(String(decoding: arguments[1], as: UTF8.self)): " : "deeplink: "
        let options = arguments[1..<index]
        let isSocket =
            !options.contains(Array("--".utf8))
            && (arguments[index].starts(with: "--socket=".utf8) || options.last == Array("--socket".utf8))
        if isSocket {
            // Percent-encoding a path, as a URL's advice would say, names another file.
            return prefix + "--socket is not valid UTF-8; give the socket a path that is"
        }
        return prefix + "argument \(index) is not valid UTF-8; percent-encode its other bytes (0xFF as %FF)"
    }
}

/// Splits one subcommand's arguments into flags, valued options and positionals.
private struct Scanner {
    struct Parsed {
        var subcommand: String
        var flags: Set<String> = []
        var values: [String: String] = [:]
        var positionals: [String] = []

        var wantsHelp: Bool { flags.contains("--help") }
        func has(_ flag: String) -> Bool { flags.contains(flag) }

        func single(_ name: String) throws(UsageError) -> String {
            guard positionals.count == 1 else {
                throw UsageError(
                    message: positionals.isEmpty
                        ? "\(subcommand) needs a \(name)"
                        : "\(subcommand) takes one \(name), got \(positionals.count)", topic: subcommand)
            }
            return positionals[0]
        }

        func none() throws(UsageError) {
            if let extra = positionals.first {
                throw UsageError(message: "\(subcommand) takes no argument, got '\(extra)'", topic: subcommand)
            }
        }

        func path(_ option: String) throws(UsageError) -> String? {
            guard let value = values[option] else { return nil }
            guard !value.isEmpty else { throw UsageError(message: "\(option) needs a path", topic: subcommand) }
            return value
        }

        func seconds(_ option: String) throws(UsageError) -> Double? {
            guard let text = values[option] else { return nil }
            guard let seconds = Double(text), seconds > 0, seconds <= Double(Arguments.maxSeconds) else {
                throw UsageError(
                    message: "\(option) wants more than 0 and at most \(Arguments.maxSeconds) seconds, got '\(text)'",
                    topic: subcommand)
            }
            return seconds
        }
    }

    let subcommand: String
    let flags: Set<String>
    let valued: Set<String>

    init(_ subcommand: String, flags: Set<String> = [], valued: Set<String> = []) {
        self.subcommand = subcommand
        self.flags = flags.union(["--help"])
        self.valued = valued
    }

    func scan(_ arguments: [String]) throws(UsageError) -> Parsed {
        var parsed = Parsed(subcommand: subcommand)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            let name = argument == "-h" ? "--help" : String(argument.prefix { $0 != "=" })
            let inlineValue = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
            if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value", topic: subcommand) }
                parsed.flags.insert(name)
            } else if valued.contains(name) {
                if let inlineValue {
                    parsed.values[name] = inlineValue
                } else if index < arguments.count {
                    let value = arguments[index]
                    // `--socket --json` is a forgotten value, not a socket named `--json`.
                    guard !value.hasPrefix("-") || value == "-" else {
                        throw UsageError(
                            message: "\(name) needs a value, but '\(value)' starts with '-'; "
                                + "write \(name)=\(value) to give it as the value",
                            topic: subcommand)
                    }
                    parsed.values[name] = value
                    index += 1
                } else {
                    throw UsageError(message: "\(name) needs a value", topic: subcommand)
                }
            } else {
                throw UsageError(message: "unknown option '\(name)' for \(subcommand)", topic: subcommand)
            }
        }
        return parsed
    }
}
