/// `deeplink open URL [--json] [--external]`: route in-process and print what happened.
enum OpenCommand {
    /// How long `open` waits for a handler that completes later.
    static let timeout: Double = 10

    static func run(url: String, json: Bool, external: Bool, service: any DeepLinkService) -> ExitCode {
        let reply = service.openAndWait(url, source: external ? .external : .local, timeout: timeout)
        print(json ? reply.json.encoded : HumanOutput.describe(reply, url: url))
        return ExitCode(reply)
    }
}
