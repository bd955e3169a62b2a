/// `deeplink routes [--json]`: every registered pattern, its module and what it reaches.
enum RoutesCommand {
    static func run(json: Bool, service: any DeepLinkService) -> ExitCode {
        let routes = service.routes
        if json {
            print(JSONValue.array(routes.map { route in
                .object([
                    ("pattern", .string(route.pattern)), ("module", .string(route.module)),
                    ("kind", .string(route.kind)), ("reaches", .string(route.reaches)),
                    ("internal", .bool(route.internalOnly)),
                ])
            }).encoded)
        } else {
            let header = ["PATTERN", "MODULE", "KIND", "ACCESS", "REACHES"]
            print(HumanOutput.table([header] + routes.map {
                [$0.pattern, $0.module, $0.kind, $0.internalOnly ? "internal" : "public", $0.reaches]
            }))
        }
        return .success
    }
}
