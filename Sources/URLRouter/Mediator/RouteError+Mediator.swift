// The mediator's failures, as `RouteError`s whose messages quote the target, action or URL.
extension RouteError {
    static func mediatorTargetNotFound(target: String, action: String) -> RouteError {
        RouteError(
            code: .targetNotFound,
            message: "no target \"\(target)\" for action \"\(action)\": none is registered "
                + "under that name and no searched module has a type \"Target_\(target)\"")
    }

    static func mediatorActionNotFound(target: String, action: String) -> RouteError {
        RouteError(
            code: .actionNotFound,
            message: "target \"\(target)\" has no action \"\(action)\" "
                + "and no \"\(Mediator.notFoundAction)\" action")
    }

    static func mediatorURLNotUnderstood(_ url: String, reason: String) -> RouteError {
        RouteError(
            code: .notFound,
            message: "\"\(url)\" is not a mediator URL of the form scheme://target/action: \(reason)")
    }

    static func mediatorRefused(_ url: String, reason: String) -> RouteError {
        RouteError(code: .refused, message: "remote call \"\(url)\" refused: \(reason)")
    }
}
