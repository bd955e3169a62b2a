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
    /// Cancelling the task ends the wait at once with ``RouteError/Code/cancelled``. A handler that has run keeps its
    /// request (its completion then goes nowhere); an open still waiting for ``isReady`` is withdrawn, and observers see
    /// it ``RouteEvent/Outcome/dropped``. A task cancelled before the call opens nothing.
    ///
    /// The name differs from `open` on purpose: an `await` in front of the synchronous `open` would compile and return
    /// whether a handler took the URL, not the value.
    ///
    /// - Throws: ``RouteError`` when nothing matches, a policy or an interceptor refuses, every matching handler
    ///   declines, the handler fails, or the task is cancelled.
    public func value(
        opening url: String, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:],
        isolation: isolated (any Actor)? = #isolation
    ) async throws(RouteError) -> sending Any? {
        // The waiting continuation; whoever takes it out (the open's response or the cancellation) resumes it.
        let waiting = Locked<CheckedContinuation<RouteResponse, Never>?>(nil)
        let resume = { @Sendable (response: RouteResponse) -> Void in
            waiting.withLock { $0.take() }?.resume(returning: response)
        }
        let error = RouteError(.cancelled, "Cancelled the wait for \(RouteError.quoted(url)): the task was cancelled.")
        let cancelled = RouteResponse(url: url, match: nil, result: .failure(error))
        return try await withTaskCancellationHandler {
            await withCheckedContinuation(isolation: isolation) { continuation in
                waiting.withLock { $0 = continuation }
                guard !Task.isCancelled else { return resume(cancelled) }
                let withdrawn = { @Sendable in waiting.withLock { $0 == nil } }  // cancelled while queued
                if !deferIfNotReady(url, source: source, userInfo: userInfo, respond: resume, withdrawn: withdrawn) {
                    perform(url, source: source, userInfo: userInfo, respond: resume)
                }
            }
        } onCancel: {
            resume(cancelled)
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
