import Testing

@testable import DeepLinkApp

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Random `DEEPLINK_SOCKET` and `XDG_RUNTIME_DIR` values → the socket `send` connects to
/// (`ConfiguredSocket.resolve(…).fitting()`). Seeded, so every run checks the same cases.
@Suite struct SocketPathPropertyTests {
    static let pieces = [
        "/", "//", ".", "..", "/..", "/.", "run", "user", "1000", "a b", "\n", "\r", "\t", "\u{0}", "\u{1B}[31m",
        "\u{7F}", "\u{85}", "\u{2028}", "\u{202E}", "\u{2066}", "\u{FFFD}", "é", "家", "😀", "%FF", "\\xff", "'", "~",
    ]
    static let suffix = "/deeplink/" + SocketPath.fileName

    /// A value for a variable: unset, empty, pieces, or pieces padded to put the socket path
    /// within a few bytes of the limit (`extra` bytes are added to the value to make the path).
    static func value(_ random: inout SplitMix, extra: Int) -> String? {
        switch random.next(8) {
        case 0: return nil
        case 1: return ""
        default:
            var text = (random.next(4) == 0 ? "" : "/") + random.text(pieces)
            if random.next(2) == 0 {
                let target = UnixSocketAddress.maxPathLength - 3 + random.next(7) - extra
                text += String(repeating: "x", count: max(0, target - text.utf8.count))
            }
            return text
        }
    }

    static func unsafe(_ text: String) -> Bool { text.unicodeScalars.contains(where: HumanOutput.needsEscaping) }

    /// The variable that decides the path, and the path it would give.
    static func choice(_ environment: [String: String]) -> (variable: String, path: String) {
        if let socket = environment["DEEPLINK_SOCKET"], !socket.isEmpty { return ("DEEPLINK_SOCKET", socket) }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
            return ("XDG_RUNTIME_DIR", "/tmp/deeplink-\(geteuid())/" + SocketPath.fileName)
        }
        return ("XDG_RUNTIME_DIR", (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + suffix)
    }

    /// Whatever the environment, a path that is absolute, fits `sun_path`, names a file, shows
    /// as it is and is the one the variable gives, byte for byte; or a one-line usage error,
    /// without a raw control character, that names the variable, when that path is not usable.
    @Test(arguments: 0..<3)
    func theSocketIsAUsablePathOrAUsageErrorNamingTheVariable(batch: UInt64) {
        var random = SplitMix(seed: 0x50C_0000 + batch)
        var (chosen, refused) = (0, 0)
        for index in 0..<1000 {
            var environment: [String: String] = [:]
            environment["DEEPLINK_SOCKET"] = Self.value(&random, extra: 0)
            environment["XDG_RUNTIME_DIR"] = Self.value(&random, extra: Self.suffix.utf8.count)
            let notUTF8 = Set(["DEEPLINK_SOCKET", "XDG_RUNTIME_DIR"].filter { _ in random.next(10) == 0 })
            let label = "seed \(batch), case \(index): \(environment.debugDescription) not UTF-8: \(notUTF8.sorted())"
            let (variable, path) = Self.choice(environment)
            let component = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            let usable =
                path.hasPrefix("/") && path.utf8.count <= UnixSocketAddress.maxPathLength && !Self.unsafe(path)
                && !["", ".", ".."].contains(component)
                && !(notUTF8.contains(variable) && environment[variable]?.hasPrefix("/") == true)
            do {
                let socket = try ConfiguredSocket.resolve(option: nil, environment: environment, notUTF8: notUTF8)
                    .fitting()
                chosen += 1
                #expect(usable, "\(label): \(socket.path.debugDescription) was taken")
                #expect(socket.path == path, "\(label): \(socket.path.debugDescription)")
                #expect(UnixSocketAddress(path: socket.path) != nil, "\(label)")
            } catch {
                refused += 1
                #expect(!usable, "\(label): \(path.debugDescription) was refused: \(error.message)")
                #expect(error.message.contains(variable), "\(label): \(error.message)")
                #expect(!Self.unsafe(error.message), "\(label): \(error.message.debugDescription)")
            }
        }
        #expect(chosen > 200 && refused > 200, "seed \(batch): \(chosen) taken, \(refused) refused")
    }

    static func refusal(_ environment: [String: String], notUTF8: Set<String> = []) -> String? {
        do {
            _ = try ConfiguredSocket.resolve(option: nil, environment: environment, notUTF8: notUTF8).fitting()
            return nil
        } catch { return error.message }
    }

    /// Found by the property above: these were taken, and `send` printed the path raw (a
    /// forged line, an escape code), cut nothing but named no variable, or connected to the
    /// path with U+FFFD that Foundation made of the bytes given.
    @Test func refusedValuesAreNamedAndShownEscaped() {
        let forged = Self.refusal(["DEEPLINK_SOCKET": "/tmp/a\nb\u{1B}[31m.sock"])
        #expect(
            forged
                == #"DEEPLINK_SOCKET holds the character \n, which a socket path may not: '/tmp/a\nb\u{1B}[31m.sock'"#)
        #expect(
            Self.refusal(["XDG_RUNTIME_DIR": "/run/\u{202E}x"])?.hasPrefix(
                #"XDG_RUNTIME_DIR holds the character \u{202E}"#) == true)
        let long = "/tmp/" + String(repeating: "x", count: 103)
        #expect(
            Self.refusal(["DEEPLINK_SOCKET": long])?.hasPrefix("DEEPLINK_SOCKET makes the socket path 108 bytes long")
                == true)
        #expect(Self.refusal(["DEEPLINK_SOCKET": String(long.dropLast())]) == nil, "107 bytes fit")
        let runtime = "/run/" + String(repeating: "r", count: 82)  // + /deeplink/daemon.sock = 108 bytes
        #expect(
            Self.refusal(["XDG_RUNTIME_DIR": runtime])?.hasPrefix("XDG_RUNTIME_DIR makes the socket path 108") == true)
        #expect(Self.refusal(["DEEPLINK_SOCKET": "/tmp/x/.."])?.contains("names a directory") == true)
        #expect(
            Self.refusal(["DEEPLINK_SOCKET": "/tmp/\u{FFFD}"], notUTF8: ["DEEPLINK_SOCKET"])?.hasPrefix(
                "DEEPLINK_SOCKET is not valid UTF-8") == true)
        #expect(Self.refusal(["XDG_RUNTIME_DIR": "/r\u{FFFD}"], notUTF8: ["XDG_RUNTIME_DIR"]) != nil)
        // A variable that is not used is not checked.
        #expect(
            Self.refusal(["DEEPLINK_SOCKET": "/tmp/d.sock", "XDG_RUNTIME_DIR": "/\n"], notUTF8: ["XDG_RUNTIME_DIR"])
                == nil)
    }

    /// The process as a desktop session would start it: the bytes reach `send` unrepaired,
    /// and it exits 2 with one line naming the variable, before connecting anywhere.
    @Test(arguments: [
        ("DEEPLINK_SOCKET", #"/tmp/a\377b.sock"#, "DEEPLINK_SOCKET is not valid UTF-8"),
        ("XDG_RUNTIME_DIR", #"/tmp/x\377"#, "XDG_RUNTIME_DIR is not valid UTF-8"),
        ("DEEPLINK_SOCKET", #"/tmp/a\nb\033[31m.sock"#, #"'/tmp/a\nb\u{1B}[31m.sock'"#),
    ])
    func sendRefusesTheVariableAndSaysSoOnOneLine(variable: String, bytes: String, expected: String) throws {
        let script = #"export \#(variable)="$(printf '\#(bytes)')"; exec "$0" send --ping"#
        let result = try DeepLinkBinary.run(
            ["-c", script, DeepLinkBinary.path], environment: ["DEEPLINK_SOCKET": ""], executable: "/bin/sh")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("deeplink send: ") && result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr.debugDescription)")
    }
}
