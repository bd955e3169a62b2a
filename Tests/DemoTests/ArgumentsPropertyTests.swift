import Testing

@testable import DeepLinkApp

/// Random command lines → `Arguments.parse`, the parser of every `deeplink` invocation (the
/// desktop entry's `send -- %u` passes a browser's link through it). Seeded, so every run checks
/// the same cases; a failure names the seed and the case.
@Suite struct ArgumentsPropertyTests {
    static let tokens = [
        "open", "routes", "explain", "serve", "send", "desktop-entry", "systemd-units", "help", "-h", "--help", "--",
        "-", "--json", "--external", "--ping", "--socket", "--socket=", "--timeout", "--timeout=0.5", "nan", "1e-3",
        "--idle-timeout=3601", "--xdg-mime", "--socket-unit", "--service-unit", "--json=1", "shop://item/42", "-x", "",
    ]
    static let hostile = [
        "\u{0}", "\t", "\n", "\r", "\u{1B}[2J", "\u{7F}", "\u{85}", "\u{2028}", "\u{202E}", "\u{FEFF}", "%0A", "%",
        "\u{301}", "😀", "家", "-", "--", "=", "/", ":", "?", "#", " ", "'", "\"", "a", "0",
    ]

    /// The first arguments a command line mostly starts with: every subcommand and the help forms.
    static let leading = Arguments.subcommands + ["help", "-h", "--help"]

    /// Whatever the arguments, either the command they ask for (the subcommand given, its flags
    /// as given, its seconds in range) or a usage error whose message is one line without escape
    /// codes, and whose help topic is the subcommand given, none when the first argument is no
    /// subcommand. Most lines start with a subcommand, so that both answers are common.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func anyCommandLineParsesOrFailsOnOneLine(batch: UInt64) {
        var random = SplitMix(seed: 0xC11_0000 + batch)
        var accepted: [String: Int] = [:]
        var refused = 0
        for index in 0..<1500 {
            var arguments = (0..<random.next(6)).map { _ in
                random.next(3) == 0 ? random.text(Self.hostile) : Self.tokens[random.next(Self.tokens.count)]
            }
            if !arguments.isEmpty, random.next(4) != 0 { arguments[0] = Self.leading[random.next(Self.leading.count)] }
            let label = "seed \(batch), case \(index): \(arguments)"
            switch Arguments.parse(arguments) {
            case .success(let command):
                let first = arguments[0]
                accepted[["-h", "--help"].contains(first) ? "help" : first, default: 0] += 1
                #expect(Self.isAskedFor(command, by: arguments), "\(label): \(command)")
            case .failure(let error):
                refused += 1
                #expect(!error.message.isEmpty, "\(label)")
                let unsafe = error.message.unicodeScalars.first {
                    [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
                        || $0.properties.isBidiControl
                }
                #expect(unsafe == nil, "\(label): \(error.message.debugDescription)")
                let subcommand = arguments.first.flatMap { Arguments.subcommands.contains($0) ? $0 : nil }
                #expect(error.topic == subcommand, "\(label): \(error)")
                if let first = arguments.first, !Self.leading.contains(first) {
                    #expect(error == UsageError(message: "unknown subcommand '\(first)'", topic: nil), "\(label)")
                }
            }
        }
        // Both answers are common, and every subcommand is accepted often enough for its checks to mean something.
        let total = accepted.values.reduce(0, +)
        #expect(refused >= 300 && total >= 150, "seed \(batch): \(total) accepted, \(refused) refused")
        for name in Arguments.subcommands + ["help"] {
            #expect(
                accepted[name, default: 0] >= 10, "seed \(batch): \(name) accepted \(accepted[name, default: 0]) times")
        }
    }

    /// Whether `command` is the one `arguments` ask for: the subcommand given, or its help when
    /// an option asks for that, each flag set exactly when given before `--`, and each timeout
    /// in range, or its default when not given.
    static func isAskedFor(_ command: Command, by arguments: [String]) -> Bool {
        guard let first = arguments.first else { return false }
        let options = Set(arguments.dropFirst().prefix { $0 != "--" })
        func given(_ option: String) -> Bool { options.contains { $0 == option || $0.hasPrefix(option + "=") } }
        func inRange(_ seconds: Double) -> Bool { seconds > 0 && seconds <= Double(Arguments.maxSeconds) }
        if ["help", "-h", "--help"].contains(first) { return command == .help(topic: arguments.dropFirst().first) }
        if options.contains("--help") || options.contains("-h") { return command == .help(topic: first) }
        switch command {
        case .help: return false
        case .open(let url, let json, let external):
            return first == "open" && arguments.dropFirst().contains(url) && json == options.contains("--json")
                && external == options.contains("--external")
        case .routes(let json): return first == "routes" && json == options.contains("--json")
        case .explain(let url, let external):
            return first == "explain" && arguments.dropFirst().contains(url)
                && external == options.contains("--external")
        case .serve(let socket, let seconds):
            return first == "serve" && (socket != nil) == given("--socket") && inRange(seconds)
                && (given("--idle-timeout") || seconds == 10)
        case .send(let url, let socket, let json, let seconds):
            return first == "send" && (url == nil) == options.contains("--ping")
                && url.map { arguments.dropFirst().contains($0) } != false && (socket != nil) == given("--socket")
                && json == options.contains("--json") && inRange(seconds) && (given("--timeout") || seconds == 5)
        case .desktopEntry(let commandsOnly):
            return first == "desktop-entry" && commandsOnly == options.contains("--xdg-mime")
        case .systemdUnits(let selection):
            let expected: SystemdUnitsCommand.Selection =
                options.contains("--socket-unit")
                ? .socketUnit : options.contains("--service-unit") ? .serviceUnit : .all
            return first == "systemd-units" && selection == expected
        }
    }

    /// An argument's tab, newline or bidi override is shown escaped in the usage error, never
    /// raw on the terminal.
    @Test func aUsageErrorShowsTheArgumentEscaped() {
        #expect(Arguments.parse(["\t="]) == .failure(UsageError(message: #"unknown subcommand '\t='"#, topic: nil)))
        let error = Arguments.parse(["open", "--x\u{1B}[2J\n"]).map { _ in "" }
        #expect(error == .failure(UsageError(message: #"unknown option '--x\u{1B}[2J\n' for open"#, topic: "open")))
        #expect(
            Arguments.parse(["\u{202E}= --\n--"]).map { _ in "" }
                == .failure(
                    UsageError(message: #"unknown subcommand '\u{202E}= --\n--'"#, topic: nil)))
    }

    /// After `--`, any text is the one URL, byte for byte, with the options before it.
    @Test func anyTextAfterTheSeparatorIsTheURL() {
        var random = SplitMix(seed: 0x5E9A_2A70)
        for index in 0..<2000 {
            let url = random.text(Self.hostile + Self.tokens)
            let label = "case \(index): \(url.debugDescription)"
            let json = random.next(2) == 0
            let given: [Result<Command, UsageError>] = [
                Arguments.parse(["send"] + (json ? ["--json"] : []) + ["--", url]),
                Arguments.parse(["open", "--external"] + (json ? ["--json"] : []) + ["--", url]),
                Arguments.parse(["explain", "--", url]),
            ]
            let urls = given.map { result -> [UInt8]? in
                switch result {
                case .success(.send(let url?, nil, json, 5)), .success(.open(let url, json, true)),
                    .success(.explain(let url, false)):
                    Array(url.utf8)
                default: nil
                }
            }
            #expect(urls == [Array(url.utf8)] + [Array(url.utf8)] + [Array(url.utf8)], "\(label): \(given)")
        }
    }
}

/// A seeded generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    /// One to six pieces of `alphabet` joined.
    mutating func text(_ alphabet: [String]) -> String {
        (0...next(6)).map { _ in alphabet[next(alphabet.count)] }.joined()
    }
}
