import Foundation
import Testing

@Suite("deeplink subcommands other than the daemon")
struct CommandLineTests {
    static let subcommands = ["open", "routes", "explain", "serve", "send", "desktop-entry", "systemd-units"]

    @Test func overviewHelpListsSubcommandsAndExitStatuses() throws {
        let result = try DeepLinkBinary.run(["--help"])
        #expect(result.status == 0)
        for subcommand in Self.subcommands { #expect(result.stdout.contains("  \(subcommand)")) }
        for status in 0...5 { #expect(result.stdout.contains("\n  \(status)  ")) }
        for usage in [
            "serve [--socket PATH] [--idle-timeout SECONDS]", "send [--json] [--socket PATH] [--timeout SECONDS]",
            "send --ping", "systemd-units [--socket-unit | --service-unit]",
        ] {
            #expect(result.stdout.contains("  " + usage), "\(usage)")
        }
    }

    /// `send` and `serve` say which values their timeouts take, and show the default socket
    /// apart from the rule that chose it.
    @Test(arguments: [("send", "--timeout", "5"), ("serve", "--idle-timeout", "10")])
    func helpGivesTheRangeOfTheTimeoutAndTheDefaultSocket(_ subcommand: String, option: String, seconds: String) throws
    {
        let help = try DeepLinkBinary.run([subcommand, "--help"], environment: ["XDG_RUNTIME_DIR": "/run/user/7"])
            .stdout
        #expect(help.contains("(more than 0, at most 3600 seconds; default: \(seconds))"), "\(help)")
        let tooLong = try DeepLinkBinary.run([subcommand, option, "3601"] + (subcommand == "send" ? ["x"] : []))
        #expect(tooLong.stderr.contains("wants more than 0 and at most 3600 seconds"), "\(tooLong.stderr)")
        #expect(help.contains("$XDG_RUNTIME_DIR/deeplink/daemon.sock, else"), "\(help)")
        #expect(help.contains("here:"), "\(help)")
        #expect(help.contains("/run/user/7/deeplink/daemon.sock)"), "\(help)")
        // The socket shown is the one used: DEEPLINK_SOCKET's, when it is set.
        let chosen = try DeepLinkBinary.run(
            [subcommand, "--help"], environment: ["XDG_RUNTIME_DIR": "/run/user/7", "DEEPLINK_SOCKET": "/x/y.sock"])
        #expect(chosen.stdout.contains("/x/y.sock)"), "\(chosen.stdout)")
    }

    @Test(arguments: subcommands)
    func everySubcommandHasHelp(_ subcommand: String) throws {
        for form in [[subcommand, "--help"], [subcommand, "-h"], ["help", subcommand], ["--help", subcommand]] {
            let result = try DeepLinkBinary.run(form)
            #expect(result.status == 0, "\(form)")
            #expect(result.stdout.hasPrefix("Usage: deeplink \(subcommand)"), "\(form): \(result.stdout)")
            #expect(result.stdout.contains("Exit status"))
        }
    }

    @Test(arguments: [
        [], ["bogus"], ["open"], ["open", "a", "b"], ["open", "--nope", "x"], ["routes", "extra"],
        ["explain"], ["serve", "--socket"], ["serve", "--idle-timeout", "-1"], ["serve", "--idle-timeout=abc"],
        ["send"], ["send", "--ping", "x"], ["send", "--timeout", "0", "x"], ["desktop-entry", "--json"],
        ["routes", "--json=yes"], ["help", "bogus"], ["--help", "bogus"], ["--help", "bogus", "extra"],
        ["-h", "open", "extra"],
    ])
    func usageErrorsExit2WithAMessageOnStderr(_ arguments: [String]) throws {
        let result = try DeepLinkBinary.run(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stdout.isEmpty)
        // A subcommand's usage errors carry its name, as its other errors do.
        let subcommand = arguments.first.flatMap { Self.subcommands.contains($0) ? " " + $0 : nil } ?? ""
        #expect(result.stderr.hasPrefix("deeplink\(subcommand): "), "\(arguments): \(result.stderr)")
    }

    /// `send --socket --json URL` forgot the path: a usage error, not a connection to `./--json`.
    @Test func anOptionAfterAValuedOptionIsAUsageError() throws {
        let result = try DeepLinkBinary.run(["send", "--socket", "--json", DemoLinks.item])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--socket needs a value"), "\(result.stderr)")
    }

    @Test func openRoutesInProcess() throws {
        let result = try DeepLinkBinary.run(["open", "--json", DemoLinks.item])
        #expect(result.status == 0)
        let reply = try ReplyLine(result.stdout.trimmingCharacters(in: .newlines))
        #expect(reply.pattern == DemoLinks.itemPattern)
        #expect(reply.parameters == ["id": "42", "ref": "home"])
        let human = try DeepLinkBinary.run(["open", DemoLinks.item])
        #expect(
            human.stdout.hasPrefix("routed \(DemoLinks.item)\n  pattern     \(DemoLinks.itemPattern)"),
            "\(human.stdout)")
    }

    @Test func openWaitsForAResultThatComesThroughTheCompletionLater() throws {
        let result = try DeepLinkBinary.run(["open", "--json", DemoLinks.slow])
        #expect(result.status == 0)
        let reply = try ReplyLine(result.stdout.trimmingCharacters(in: .newlines))
        #expect((reply.object["result"] as? [String: Any])?["session"] as? String == "refreshed")
    }

    @Test func internalRouteOpensInProcessButNotAsExternal() throws {
        #expect(try DeepLinkBinary.run(["open", DemoLinks.internalOnly]).status == 0)
        let external = try DeepLinkBinary.run(["open", "--external", "--json", DemoLinks.internalOnly])
        #expect(external.status == 1)
        #expect(try ReplyLine(external.stdout.trimmingCharacters(in: .newlines)).error == "refused")
    }

    /// `open` and `explain` read a URL as the daemon reads a request line, spaces around it
    /// dropped, so `--external` gives what `send` gets.
    @Test(arguments: [" shop://cart", "shop://cart ", "  shop://cart  "])
    func openAndExplainAgreeWithTheDaemonOnSpacesAroundTheURL(_ url: String) throws {
        let daemon = try RunningDaemon()
        let sent = try ReplyLine(try daemon.send(["--json", url]).stdout.trimmingCharacters(in: .newlines))
        #expect(sent.pattern == "shop://cart")
        for external in [[], ["--external"]] {
            let opened = try DeepLinkBinary.run(["open", "--json"] + external + [url])
            #expect(opened.status == 0, "\(external): \(opened.stdout)")
            #expect(try ReplyLine(opened.stdout.trimmingCharacters(in: .newlines)).pattern == sent.pattern)
            let explained = try DeepLinkBinary.run(["explain"] + external + [url])
            #expect(explained.status == 0, "\(external): \(explained.stdout)")
        }
    }

    /// A link the daemon refuses as a request line (a control character, or longer than a line
    /// holds) is refused by `open --external` and `explain --external` too, with its code; in
    /// process, `open` still routes it.
    @Test(arguments: ["shop://item/42?ref=\u{1B}[31m", "shop://item/42?ref=\u{85}", "shop://item/42?ref=a\tb"])
    func externalOpenAndExplainRefuseWhatTheDaemonRefuses(_ url: String) throws {
        let daemon = try RunningDaemon()
        let sent = try daemon.send(["--json", url])
        #expect(sent.status == 1)
        #expect(try ReplyLine(sent.stdout.trimmingCharacters(in: .newlines)).error == "bad_request")
        let opened = try DeepLinkBinary.run(["open", "--json", "--external", url])
        #expect(opened.status == 1)
        #expect(try ReplyLine(opened.stdout.trimmingCharacters(in: .newlines)).error == "bad_request")
        let explained = try DeepLinkBinary.run(["explain", "--external", url])
        #expect(explained.status == 1)
        #expect(explained.stdout.hasPrefix("bad_request: "), "\(explained.stdout)")
        #expect(try DeepLinkBinary.run(["open", url]).status == 0)
        let long = "shop://item/42?ref=" + String(repeating: "a", count: 9000)
        #expect(try DeepLinkBinary.run(["open", "--external", long]).stdout.hasPrefix("line_too_long: "))
    }

    @Test func openNotFoundExits1() throws {
        let result = try DeepLinkBinary.run(["open", "--json", DemoLinks.notFound])
        #expect(result.status == 1)
        #expect(try ReplyLine(result.stdout.trimmingCharacters(in: .newlines)).error == "not_found")
    }

    @Test func routesListsEveryPatternWithItsModule() throws {
        let result = try DeepLinkBinary.run(["routes", "--json"])
        #expect(result.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let patterns = rows.compactMap { $0["pattern"] as? String }
        #expect(patterns.contains(DemoLinks.itemPattern))
        #expect(patterns == patterns.sorted())
        #expect(rows.allSatisfy { ($0["module"] as? String)?.isEmpty == false && $0["kind"] is String })
        #expect(rows.contains { $0["internal"] as? Bool == true })
        let table = try DeepLinkBinary.run(["routes"])
        #expect(table.stdout.hasPrefix("PATTERN"))
        #expect(table.stdout.split(separator: "\n").count == rows.count + 1)
    }

    @Test func explainNamesTheWinnerAndExitsLikeOpen() throws {
        let routed = try DeepLinkBinary.run(["explain", DemoLinks.item])
        #expect(routed.status == 0)
        #expect(routed.stdout.contains(DemoLinks.itemPattern), "\(routed.stdout)")
        #expect(try DeepLinkBinary.run(["explain", DemoLinks.notFound]).status == 1)
        #expect(try DeepLinkBinary.run(["explain", "--external", DemoLinks.internalOnly]).status == 1)
    }

    @Test func desktopEntryRegistersEverySchemeAndExecsSend() throws {
        let result = try DeepLinkBinary.run(["desktop-entry"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex(of: "[Desktop Entry]"))
        #expect(lines[..<header].allSatisfy { $0.hasPrefix("#") }, "only comments before the group header")
        #expect(lines.contains("Type=Application"))
        let binary = URL(fileURLWithPath: DeepLinkBinary.path).resolvingSymlinksInPath().path
        #expect(lines.contains("Exec=\(binary) send -- %u"), "\(result.stdout)")
        #expect(lines.contains("MimeType=" + DemoLinks.schemes.map { "x-scheme-handler/\($0);" }.joined()))
        for scheme in DemoLinks.schemes {
            #expect(lines.contains("#   xdg-mime default deeplink.desktop x-scheme-handler/\(scheme)"))
        }
        let commands = try DeepLinkBinary.run(["desktop-entry", "--xdg-mime"])
        #expect(
            commands.stdout
                == DemoLinks.schemes.map { "xdg-mime default deeplink.desktop x-scheme-handler/\($0)\n" }.joined())
    }

    /// Output that cannot be written (a full disk under `desktop-entry > file`) fails the
    /// command with status 5 and a message, rather than leaving a truncated file behind a 0.
    @Test(arguments: [["desktop-entry"], ["routes"], ["systemd-units"], ["open", DemoLinks.item], ["--help"]])
    func outputThatCannotBeWrittenFailsTheCommand(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DeepLinkBinary.path)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 5, "\(arguments): \(message)")
        #expect(message.contains("deeplink: cannot write the output: No space left on device"), "\(message)")
    }

    /// A pipe whose reader has gone, or a stdout left closed, is output that cannot be written
    /// too: status 5 and a message, not a death by SIGPIPE nor a 0 for output that went nowhere.
    @Test(arguments: [["routes"], ["desktop-entry"]], [true, false])
    func outputToAGoneReaderOrAClosedStdoutFailsTheCommand(_ arguments: [String], closedStdout: Bool) throws {
        let process = Process()
        if closedStdout {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" >&-", DeepLinkBinary.path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: DeepLinkBinary.path)
            process.arguments = arguments
            let output = Pipe()
            try output.fileHandleForReading.close()  // no reader, ever
            process.standardOutput = output
        }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 5, "\(arguments): \(message)")
        #expect(message.hasPrefix("deeplink: cannot write the output"), "\(message)")
    }
}
