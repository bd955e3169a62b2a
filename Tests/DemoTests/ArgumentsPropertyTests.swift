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

    /// Whatever the arguments, a command whose values are in range, or a usage error whose
    /// message is one line without escape codes, and whose help topic is the subcommand given.
    @Test(arguments: 0..<4)
    func anyCommandLineParsesOrFailsOnOneLine(batch: UInt64) {
        var random = SplitMix(seed: 0xC11_0000 + batch)
        var failures = 0
        for index in 0..<1500 {
            let arguments = (0..<random.next(6)).map { _ in
                random.next(3) == 0 ? random.text(Self.hostile) : Self.tokens[random.next(Self.tokens.count)]
            }
            let label = "seed \(batch), case \(index): \(arguments)"
            switch Arguments.parse(arguments) {
            case .success(.serve(_, let seconds)), .success(.send(_, _, _, let seconds)):
                #expect(seconds > 0 && seconds <= 3600, "\(label)")
            case .success: break
            case .failure(let error):
                failures += 1
                #expect(!error.message.isEmpty, "\(label)")
                let unsafe = error.message.unicodeScalars.first {
                    [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
                        || $0.properties.isBidiControl
                }
                #expect(unsafe == nil, "\(label): \(error.message.debugDescription)")
                #expect(error.topic == nil || error.topic == arguments.first, "\(label): \(error)")
            }
        }
        #expect(failures > 300 && failures < 1460, "seed \(batch): \(failures) of 1500 failed")
    }

    /// Found by `anyCommandLineParsesOrFailsOnOneLine` (seed 0, cases 8 and 11): an argument's
    /// tab, newline or bidi override reached the terminal in the usage error.
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
