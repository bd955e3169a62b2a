// The mediator's failures, as `RouteError`s whose messages quote the target and action.
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
}
