import struct Foundation.URL

extension Router {
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
    /// The name differs from `open` on purpose: an `await` in front of the synchronous `open` would compile and return
    /// whether a handler took the URL, not the value.
    ///
    /// - Throws: ``RouteError`` when nothing matches, a policy or an interceptor refuses, every matching handler
    ///   declines, or the handler fails.
    public func value(
        opening url: String, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:],
        isolation: isolated (any Actor)? = #isolation
    ) async throws(RouteError) -> sending Any? {
        try await withCheckedContinuation(isolation: isolation) {
            (continuation: CheckedContinuation<RouteResponse, Never>) in
            route(url, source: source, userInfo: userInfo) { continuation.resume(returning: $0) }
        }.result.get()
    }

    /// ``value(opening:source:userInfo:isolation:)-(String,_,_,_)`` for a Foundation `URL`.
    ///
    /// ```swift
    /// let value = try await router.value(opening: URL(string: "shop://item/42")!)
    /// ```
    public func value(
        opening url: URL, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:],
        isolation: isolated (any Actor)? = #isolation
    ) async throws(RouteError) -> sending Any? {
        try await value(opening: url.routerText, source: source, userInfo: userInfo, isolation: isolation)
    }
}
