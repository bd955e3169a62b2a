extension Router {
    /// Routes `url` to its handler on the caller's thread.
    ///
    /// ```swift
    /// router.open("shop://item/42?ref=home")                         // true: a handler took it
    /// router.open("shop://item/42", userInfo: ["source": "push"]) { result in
    ///     switch result {
    ///     case .success(let value): print("done", value ?? "nil")
    ///     case .failure(let error): print(error)                     // not found, refused, ...
    ///     }
    /// }
    /// ```
    ///
    /// The completion runs exactly once. When nothing keeps the request (a miss, a refusal, a handler that completes or
    /// returns without storing it), it has run by the time `open` returns. While the router is not ready (``isReady``),
    /// the open waits in a queue and this returns false.
    ///
    /// - Returns: whether a handler took the URL: it ran and did not decline.
    @discardableResult
    public func open(
        _ url: String, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:],
        completion: (@Sendable (Result<Any?, RouteError>) -> Void)? = nil
    ) -> Bool {
        let response = completion.map { completion -> RouteResponse.Handler in { completion($0.result) } }
        return route(url, source: source, userInfo: userInfo, response: response)
    }

    /// Opens `url` like ``open(_:source:userInfo:completion:)-(String,_,_,_)`` and reports, with the result, the match
    /// that handled it: after redirects and declines, which `match(_:)` cannot know.
    ///
    /// ```swift
    /// router.route("shop://item/42") { response in
    ///     print(response.match?.pattern ?? "-", response.result)
    /// }
    /// ```
    /// - Returns: whether a handler took the URL: it ran and did not decline.
    @discardableResult
    public func route(
        _ url: String, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:],
        response: (@Sendable (RouteResponse) -> Void)? = nil
    ) -> Bool {
        if deferIfNotReady(url, source: source, userInfo: userInfo, respond: response) { return false }
        return perform(url, source: source, userInfo: userInfo, respond: response)
    }

    /// Opens `url` and waits for the value its handler completes with, however late.
    ///
    /// ```swift
    /// let value = try await router.value(opening: "shop://item/42")
    /// ```
    ///
    /// The handler runs on the caller's actor (`isolation`, the caller's by default), as `open` runs it on the caller's
    /// thread; a handler that keeps the request and completes later, on any thread, resumes the caller then. While the
    /// router is not ready (``isReady``), the open waits in the deferred queue, and its handler runs on the thread that
    /// sets `isReady`. A handler that lets go of the request without completing gives nil.
    ///
    /// Cancelling the task ends the wait at once with ``RouteError/Code/cancelled``. A handler that has run keeps its
    /// request (its completion then goes nowhere); an open still waiting for ``isReady`` is withdrawn, and observers
    /// see it ``RouteEvent/Outcome/dropped`` when it leaves the queue. A task cancelled before the call opens nothing.
    ///
    /// The name differs from `open` on purpose: an `await` in front of the synchronous `open` would compile and return
    /// whether a handler took the URL, not the value.
    ///
    /// - Throws: ``RouteError`` as an open's completion gets it (nothing matches, a policy or an interceptor refuses,
    ///   every matching handler declines, the handler fails, a limit, a redirect loop, `dropped`), or `cancelled`.
    public func value(
        opening url: String, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:],
        isolation: isolated (any Actor)? = #isolation
    ) async throws(RouteError) -> sending Any? {
        let waiting = Locked<CheckedContinuation<RouteResponse, Never>?>(nil)  // resumed by whoever takes it out
        let resume: @Sendable (RouteResponse) -> Void = { waiting.withLock { $0.take() }?.resume(returning: $0) }
        let cancelled = { @Sendable in  // made only when it happens, as every error of an open is
            let error = RouteError(.cancelled, "Stopped waiting for \(RouteError.quoted(url)): the task was cancelled.")
            return RouteResponse(url: url, match: nil, result: .failure(error))
        }
        return try await withTaskCancellationHandler {
            await withCheckedContinuation(isolation: isolation) { continuation in
                waiting.withLock { $0 = continuation }
                guard !Task.isCancelled else { return resume(cancelled()) }
                let withdrawn = { @Sendable in waiting.withLock { $0 == nil } }  // cancelled while queued
                if !deferIfNotReady(url, source: source, userInfo: userInfo, respond: resume, withdrawn: withdrawn) {
                    perform(url, source: source, userInfo: userInfo, respond: resume)
                }
            }
        } onCancel: {
            resume(cancelled())
        }.result.get()
    }

    /// Opens `url` and returns the value its handler completed with synchronously (an object handler's return value),
    /// or nil. Returns nil while ``isReady`` is false and no replay runs.
    ///
    /// ```swift
    /// let view = router.object(for: "shop://item/42/view") as? ItemView
    /// ```
    public func object(for url: String, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:]) -> Any?
    {
        guard isReady || deferred.withLock({ $0.wanted }) else { return nil }
        // The value is taken out, and a later completion dropped: a handler may keep the request.
        let box = Locked<(taken: Bool, response: RouteResponse?)>((false, nil))
        perform(url, source: source, userInfo: userInfo) { response in
            box.withLock { if !$0.taken { $0.response = response } }
        }
        let response = box.withLock { box in
            defer { box = (true, nil) }
            return box.response
        }
        return (try? response?.result.get()) ?? nil
    }

    /// Whether ``open(_:source:userInfo:completion:)-(String,_,_,_)`` would run a handler, the router being ready. Runs
    /// nothing: interceptors are not consulted, and a handler could still decline.
    ///
    /// ```swift
    /// router.canOpen("shop://item/42")          // true
    /// router.canOpen("shop://item/42/extra")    // false
    /// ```
    public func canOpen(_ url: String, source: RouteSource = .internal) -> Bool {
        let table = currentTable()
        if source == .external, table.schemeRefusal(url) != nil { return false }
        guard case .matched(let match) = table.lookupTyped(url) else { return false }
        return table.refusal(of: match, source: source) == nil
    }

    /// The route `url` would reach, with its parameters. Runs nothing.
    ///
    /// ```swift
    /// router.match("shop://item/42")?.parameters["id"]   // "42"
    /// ```
    /// - Complexity: O(URL length), independent of the number of routes.
    public func match(_ url: String) -> RouteMatch? {
        let table = currentTable()
        if table.hooks.typedRoutes > 0 { return table.typedMatch(url) }
        let raw = table.rawLookup(url, excluding: [])
        guard raw.found.leaf >= 0 else { return nil }
        return RouteMatch(parameters: RouteParameters(url: url, table: table, offsets: raw.offsets))
    }

    /// The open pipeline: scheme list, match, access rules, interceptors, handler, declines, observers.
    @discardableResult
    func perform(
        _ url: String, source: RouteSource, userInfo: [String: any Sendable],
        respond: RouteResponse.Handler?
    ) -> Bool {
        let table = currentTable()
        let started: Duration? = table.hooks.observers.isEmpty ? nil : RouteTable.now
        var current = url
        var visited: [String] = []
        var excluded: [Int32] = []
        // The error is made only for a completion to read: an open that fails costs no more.
        func finish(
            _ outcome: RouteEvent.Outcome, match: RouteMatch? = nil, error: @autoclosure () -> RouteError? = nil
        ) -> Bool {
            if let respond, let error = error() {
                respond(RouteResponse(url: current, match: match, result: .failure(error)))
            }
            if let started {
                table.notify(url: current, source: source, pattern: match?.pattern, outcome: outcome, since: started)
            }
            return outcome == .handled
        }
        while true {
            if source == .external, let refusal = table.schemeRefusal(current) {
                return finish(.refused, error: refusal)
            }
            let lookup = table.lookupTyped(current, excluding: excluded)
            if case .overLimit(let problem) = lookup {
                return finish(.limitExceeded, error: .limitExceeded(current, problem))
            }
            if case .matched(let match) = lookup, let refusal = table.refusal(of: match, source: source) {
                return finish(.refused, match: match, error: refusal)
            }
            if !table.hooks.interceptors.isEmpty {
                let match: RouteMatch? = if case .matched(let match) = lookup { match } else { nil }
                // The chain sees each URL, and each route a decline passes it to.
                switch table.intercept(
                    current, match: match, declined: !excluded.isEmpty, source: source, userInfo: userInfo)
                {
                case .proceed:
                    break
                case .refuse(let reason):
                    return finish(.refused, match: match, error: .refused(current, byInterceptor: reason))
                case .redirect(let target):
                    visited.append(current)
                    if visited.contains(target) || visited.count > Self.maxRedirects {
                        let chain = (visited + [target]).map { RouteError.quoted($0) }.joined(separator: " → ")
                        let what = visited.contains(target) ? "Redirect loop" : "Over \(Self.maxRedirects) redirects"
                        return finish(.redirectLoop, error: RouteError(.redirectLoop, "\(what): \(chain)."))
                    }
                    current = target
                    excluded = []
                    continue
                }
            }
            switch consume lookup {
            case .overLimit:
                preconditionFailure("an open over a limit has failed before the interceptors")
            case .notFound where excluded.isEmpty:
                return finish(.notFound, error: table.notFound(current))
            case .notFound:
                return finish(
                    .declined,
                    error: RouteError(.declined, "Every route that matches \(RouteError.quoted(current)) declined it."))
            case .matched(let match):
                let completion = respond.map { respond -> RouteRequest.Completion in
                    { [current] result in respond(RouteResponse(url: current, match: match, result: result)) }
                }
                let observed = started == nil ? nil : match  // a copy only for observers
                // The request takes the match over: no copy of it to retain and release.
                let request = RouteRequest(match: match, userInfo: userInfo, source: source, completion: completion)
                guard let declined = invoke(consume request) else { return finish(.handled, match: observed) }
                excluded.append(declined)
            }
        }
    }

    static let maxRedirects = 16

    /// Runs the request's handler; the route when it declined. The request is released before this returns, so an
    /// uncompleted request that the handler did not keep completes with nil here. The handler is borrowed, not copied
    /// (see ``ThreadSnapshots``).
    @inline(__always)
    private func invoke(_ request: consuming RouteRequest) -> Int32? {
        request.match.table.trie.handlers.withElement(Int(request.match.parameters.leaf)) { Self.run($0, request) }
    }

    private static func run(_ handler: borrowing Route.Handler, _ request: RouteRequest) -> Int32? {
        switch handler {
        case .action(let handler):
            handler(request)
        case .object(let handler):
            let value = handler(request)
            if request.handlerReturned() { return request.match.routeID }
            request.complete(value)
            return nil
        }
        return request.handlerReturned() ? request.match.routeID : nil
    }
}

extension RouteTable {
    /// Why `match` may not be opened from `source`, or nil.
    func refusal(of match: RouteMatch, source: RouteSource) -> RouteError? {
        guard source == .external else { return nil }
        let route = match.route
        if route.access == .internal {
            return .refused(match.url, reason: "\(RouteError.quoted(route.pattern)) is internal only.")
        }
        if let check = route.externalCheck, let reason = check(match) { return .refused(match.url, reason: reason) }
        return nil
    }

    /// Why an external open of `url` is refused by the scheme allow-list (or, for a web link, the host allow-list), or
    /// nil. A web link's host is read raw: a port, userinfo, a trailing dot or a percent-encoded byte refuse it.
    func schemeRefusal(_ url: String) -> RouteError? {
        if let hosts = options.allowedExternalHosts, let (scheme, raw) = LinkOrigin.webParts(of: url) {
            guard scheme == "https" else {
                return .refused(url, reason: "an http link is not allowed from outside; web links must use https.")
            }
            let host = String(decoding: raw.map(foldASCII), as: UTF8.self)
            guard LinkOrigin.isHostName(host), hosts.contains(host) else {
                let shown = RouteError.quoted(String(decoding: raw, as: UTF8.self))
                let plain = LinkOrigin.isHostName(host) ? "" : " (plain ASCII only: no port, userinfo, trailing dot, %)"
                return .refused(url, reason: "the host \(shown) is not allowed from outside\(plain).")
            }
            return nil
        }
        guard let allowed = options.allowedExternalSchemes else { return nil }
        let scheme = URLScanner.scheme(of: url)
        guard allowed.contains(scheme.lowercased()) else {
            let shown = scheme.isEmpty ? "a URL without a scheme" : "the scheme \"\(scheme)\""
            return .refused(url, reason: "\(shown) is not allowed from outside.")
        }
        return nil
    }
}
