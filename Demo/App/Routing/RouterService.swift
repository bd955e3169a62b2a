import URLRouter

/// ``DeepLinkService`` over the real router.
struct RouterService: DeepLinkService {
    let router: Router
    let externalSchemes: [String]
    let routes: [RouteListing]

    func open(_ url: String, source: RouteSource, reply: @escaping @Sendable (Reply) -> Void) {
        router.route(url, source: source) { response in
            switch response.result {
            case .success(let value):
                reply(
                    .routed(
                        pattern: response.match?.pattern ?? "",
                        parameters: response.match?.parameters.dictionary ?? [:],
                        result: JSONValue(any: value)))
            case .failure(let error):
                reply(.failed(ReplyError(error, url: url, pattern: response.match?.pattern)))
            }
        }
    }

    func canOpen(_ url: String, source: RouteSource) -> Bool {
        router.canOpen(url, source: source)
    }

    func explain(_ url: String, source: RouteSource) -> String {
        router.explain(url, source: source).description
    }
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
