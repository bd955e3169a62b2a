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
}
