/// `deeplink explain URL [--external]`: how the URL is parsed, which pattern wins and why.
enum ExplainCommand {
    static func run(url: String, external: Bool, service: any DeepLinkService) -> ExitCode {
        let source: LinkSource = external ? .external : .local
        print(service.explain(url, source: source))
        return service.canOpen(url, source: source) ? .success : .notRouted
    }
}
