// The commands that route in this process: `open`, `routes` and `explain`.

import URLRouter

/// `deeplink open URL [--json] [--external]`: route in-process and print what happened.
enum OpenCommand {
    /// How long `open` waits for a handler that completes later.
    static let timeout: Double = 10

    static func run(url: String, json: Bool, external: Bool, service: any DeepLinkService) -> ExitCode {
        let url = String(url.trimmingSpaces())  // as the daemon reads `OPEN <url>`
        // From outside, a link the daemon would refuse as a request line is refused here too.
        if external, let problem = SendCommand.problem(with: url) {
            print(json ? Reply.failed(problem).json.encoded : HumanOutput.describe(.failed(problem), url: url))
            return .notRouted
        }
        let reply = service.openAndWait(url, source: external ? .external : .internal, timeout: timeout)
        print(json ? reply.json.encoded : HumanOutput.describe(reply, url: url))
        return ExitCode(reply)
    }
}

/// `deeplink routes [--json]`: every registered pattern, its module and what it reaches.
enum RoutesCommand {
    static func run(json: Bool, service: any DeepLinkService) -> ExitCode {
        let routes = service.routes
        if json {
            print(
                JSONValue.array(
                    routes.map { route in
                        .object([
                            ("pattern", .string(route.pattern)), ("module", .string(route.module)),
                            ("kind", .string(route.kind)), ("reaches", .string(route.reaches)),
                            ("internal", .bool(route.internalOnly)),
                        ])
                    }
                ).encoded)
        } else {
            let header = ["PATTERN", "MODULE", "KIND", "ACCESS", "REACHES"]
            print(
                HumanOutput.table(
                    [header]
                        + routes.map {
                            [$0.pattern, $0.module, $0.kind, $0.internalOnly ? "internal" : "public", $0.reaches]
                        }))
        }
        return .success
    }
}

/// `deeplink explain URL [--external]`: how the URL is parsed, which pattern wins and why.
enum ExplainCommand {
    static func run(url: String, external: Bool, service: any DeepLinkService) -> ExitCode {
        let url = String(url.trimmingSpaces())  // as the daemon reads `OPEN <url>`
        if external, let problem = SendCommand.problem(with: url) {
            print(HumanOutput.describe(.failed(problem), url: url))
            return .notRouted
        }
        let source: RouteSource = external ? .external : .internal
        print(service.explain(url, source: source))
        return service.canOpen(url, source: source) ? .success : .notRouted
    }
}
