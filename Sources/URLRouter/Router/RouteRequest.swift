import Synchronization

/// What a handler receives: the URL's parameters, the caller's extras, and the completion.
///
/// ```swift
/// try router.register("shop://item/:id") { request in
///     let id = request.parameters["id"]!                          // "42"
///     let source = request.userInfo["source"] as? String ?? "-"   // from open(_:userInfo:), never from the URL
///     request.complete("item \(id) from \(source)")               // the opener gets .success("item 42 from push")
/// }
/// ```
///
/// The opener's completion runs exactly once: with the value of the first ``complete(_:)``, or
/// with `nil` when the last reference to the request goes away uncompleted. A handler may keep
/// the request, hand it to another thread and complete it there.
public final class RouteRequest: Sendable {
    typealias Completion = @Sendable (Result<Any?, RouteError>) -> Void

    /// Where the request is: the handler is `running`, has `returned` without completing, or the request is `completed`
    /// or `declined`. Only `running` and `returned` still owe the completion its one call.
    private enum State: UInt8 { case running, returned, completed, declined }

    /// The match: pattern, parameters, wildcard, fragment (`request.match.priority` for the rest).
    public let match: RouteMatch
    /// Extras from the caller of `open`. Nothing in the URL can reach them.
    public let userInfo: [String: any Sendable]
    /// Whether the open came from inside the app or outside: `.external` for a link from a web page.
    public let source: RouteSource
    private let completion: Completion?
    private let state = Atomic<UInt8>(State.running.rawValue)

    init(match: RouteMatch, userInfo: [String: any Sendable], source: RouteSource, completion: Completion?) {
        (self.match, self.userInfo, self.source, self.completion) = (match, userInfo, source, completion)
    }

    deinit { takeCompletion()?(.success(nil)) }

    /// The URL as opened: `shop://item/42?ref=home`.
    public var url: String { match.url }
    /// The pattern that matched, as registered: `shop://item/:id`.
    public var pattern: String { match.pattern }
    /// Path placeholders and query items (`request.parameters["id"]`); a query item never overwrites a path value.
    public var parameters: RouteParameters { match.parameters }
    /// Every query item in order, repeated names included: `tag=a`, `tag=b` for `?tag=a&tag=b`.
    public var queryItems: [RouteQueryItem] { match.parameters.queryItems }
    /// The fragment, percent-decoded (`"reviews"` for `shop://item/42#reviews`); nil when the URL has none.
    public var fragment: String? { match.fragment }
    /// The segments `**` took, percent-decoded.
    public var wildcard: [String] { match.wildcard }

    /// Query items, overlaid by path placeholders and, on a route with `**`, the path it took (as `**`, joined
    /// with `/`; a query item `**` never stands in for it), overlaid by `userInfo`: one dictionary for handlers
    /// and Target-Action calls.
    ///
    /// ```swift
    /// // "shop://item/42?id=7&ref=mail", userInfo ["ref": "push"]
    /// request.mergedParameters   // ["id": "42", "ref": "push"]
    /// ```
    public var mergedParameters: [String: any Sendable] {
        (match.parametersWithWildcard as [String: any Sendable]).merging(userInfo) { $1 }
    }

    /// Hands `value` to the opener's completion. Only the first call counts.
    ///
    /// ```swift
    /// request.complete(ItemView(id: 42))   // the opener's completion gets .success(ItemView(id: 42))
    /// ```
    public func complete(_ value: Any?) { takeCompletion()?(.success(value)) }

    /// Completes the request with a failure instead of a value. Only the first call counts.
    ///
    /// ```swift
    /// request.fail(RouteError(.refused, "Out of stock"))
    /// ```
    public func fail(_ error: RouteError) { takeCompletion()?(.failure(error)) }

    /// Passes the request on to the next-best matching route, as if this route had not matched.
    /// Call it before the handler returns; later calls, and calls after `complete`, are ignored.
    ///
    /// ```swift
    /// try router.register("shop://item/:id", priority: 1) { request in
    ///     guard featureEnabled else { return request.decline() }
    ///     request.complete("the new item page")
    /// }
    /// ```
    public func decline() { _ = transition(from: .running, to: .declined) }

    /// Marks the handler as returned; true when it declined.
    func handlerReturned() -> Bool { transition(from: .running, to: .returned) == .declined }

    /// Marks the request completed and returns the completion, if it was not completed before.
    private func takeCompletion() -> Completion? {
        guard completion != nil else {
            // Nothing to call, but a later decline must be ignored: a plain load and store will do.
            if state.load(ordering: .relaxed) == State.running.rawValue {
                state.store(State.completed.rawValue, ordering: .relaxed)
            }
            return nil
        }
        if transition(from: .running, to: .completed) == .running { return completion }
        if transition(from: .returned, to: .completed) == .returned { return completion }
        return nil
    }

    /// Moves from `expected` to `desired` if the request is in `expected`; returns the state it was in.
    private func transition(from expected: State, to desired: State) -> State {
        let (_, original) = state.compareExchange(
            expected: expected.rawValue, desired: desired.rawValue, ordering: .acquiringAndReleasing)
        return State(rawValue: original)!
    }
}
