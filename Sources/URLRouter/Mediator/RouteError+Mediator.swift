// The mediator's failures, as `RouteError`s whose messages quote the target and action.
extension RouteError {
    /// Text from outside the app as a quoted Swift literal, control characters escaped so they
    /// cannot cut or forge a line of a message, shortened like ``quoted(_:)``.
    static func escaped(_ text: String) -> String {
        let head = String(text.unicodeScalars.prefix(200)).debugDescription
        return text.unicodeScalars.count > 200 ? "\(head)… (\(text.utf8.count) bytes)" : head
    }

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
