import URLRouter

/// ``DeepLinkService`` over the real router.
struct RouterService: DeepLinkService {
    let router: Router
    let externalSchemes: [String]
    let routes: [RouteListing]

    func open(_ url: String, source: LinkSource, reply: @escaping @Sendable (Reply) -> Void) {
        // The completion reports the value only; the pattern and parameters come from matching
        // first. No route declines and no interceptor redirects here, so the winner is the same.
        let matched = router.match(url)
        let pattern = matched?.pattern ?? ""
        let parameters = matched?.parameters.dictionary ?? [:]
        router.open(url, source: source.routeSource) { result in
            switch result {
            case .success(let value):
                reply(.routed(pattern: pattern, parameters: parameters, result: JSONValue(any: value)))
            case .failure(let error):
                reply(.failed(ReplyError(error, url: url, pattern: matched?.pattern)))
            }
        }
    }

    func canOpen(_ url: String, source: LinkSource) -> Bool {
        router.canOpen(url, source: source.routeSource)
    }

    func explain(_ url: String, source: LinkSource) -> String {
        let explanation = router.explain(url)
        guard source == .external else { return explanation.description }
        return explanation.description + "\nexternal  " + externalVerdict(url, explanation)
    }

    /// Whether a link from outside gets through, and if not, why. Handlers do not run, so a
    /// refusal made inside one (a bridged `native…` action) shows only when the link is opened.
    private func externalVerdict(_ url: String, _ explanation: RouteExplanation) -> String {
        if router.canOpen(url, source: .external) { return "accepted" }
        guard let winner = explanation.winner else { return "no route" }
        let scheme = explanation.scheme?.lowercased() ?? ""
        if !externalSchemes.contains(scheme) {
            return "refused: the scheme '\(scheme)' is not accepted from outside (only \(externalSchemes.joined(separator: ", ")))"
        }
        if router.routes.contains(where: { $0.pattern == winner && $0.access == .internalOnly }) {
            return "refused: \(winner) is internal-only"
        }
        return "refused"
    }
}

extension LinkSource {
    /// The router's name for it.
    var routeSource: RouteSource { self == .external ? .external : .internal }
}

extension ReplyError {
    /// A router or mediator error as a reply: its code in snake_case (`notFound` → `not_found`).
    init(_ error: RouteError, url: String, pattern: String?) {
        var code = ""
        for character in error.code.rawValue {
            if character.isUppercase { code += "_" + character.lowercased() } else { code.append(character) }
        }
        self.init(code: code, url: url, message: error.message, pattern: pattern)
    }
}
