// The mediator's failures, as `RouteError`s whose messages quote the target, action or URL.
extension RouteError {
    static func mediatorTargetNotFound(target: String, action: String) -> RouteError {
        RouteError(
            .targetNotFound,
            "No target \(quoted(target)) for action \(quoted(action)): none is registered under "
                + "that name and no searched module has a public type \(quoted("Target_" + target)).")
    }

    static func mediatorActionNotFound(target: String, action: String) -> RouteError {
        RouteError(
            .actionNotFound,
            "Target \(quoted(target)) has no action \(quoted(action)) "
                + "and no \(quoted(Mediator.notFoundAction)) action.")
    }

    static func mediatorURLNotUnderstood(_ url: String, reason: String) -> RouteError {
        RouteError(
            .notFound,
            "No target-action in \(quoted(url)): \(reason); a mediator URL is scheme://target/action.")
    }
}
