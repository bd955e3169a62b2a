/// How one open ended: the result the completion gets, and the match that handled it.
///
/// ```swift
/// router.route("shop://item/42?ref=home") { response in
///     print(response.match?.pattern ?? "-")             // shop://item/:id
///     print(response.match?.parameters["ref"] ?? "-")   // home
///     print(response.result)                            // success(...)
/// }
/// ```
///
/// `@unchecked Sendable`: `result` holds a handler's `Any?` value, which Swift cannot check. The
/// router hands each response to exactly one call of the response handler and keeps no
/// reference, so the value moves from the completing thread to the handler, never shared.
public struct RouteResponse: @unchecked Sendable {
    /// Called once per open with its response: `router.route(url) { response in log(response.result) }`.
    typealias Handler = @Sendable (RouteResponse) -> Void

    /// The URL that was finally opened: `account://login` when an interceptor redirected there.
    public let url: String
    /// The route that handled it, or whose access, interceptor or remote policy refused it (`response.match?.pattern`);
    /// nil when nothing matched, every match declined, redirects looped, or a limit or an allow-list refused the URL.
    public let match: RouteMatch?
    /// What the completion of `open` receives.
    public let result: Result<Any?, RouteError>
}
