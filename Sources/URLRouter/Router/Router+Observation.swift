/// What happened to one open, for analytics and logs.
///
/// ```swift
/// router.addObserver { event in
///     log("\(event.outcome) \(event.url) → \(event.pattern ?? "-") in \(event.duration)")
/// }
/// // handled shop://item/42?ref=<redacted> → shop://item/:id in 1.2e-05 seconds
/// ```
public struct RouteEvent: Sendable {
    /// How an open ended: `event.outcome == .handled` when a handler took it.
    public enum Outcome: String, Sendable, Hashable {
        /// A handler took it: it ran and did not decline.
        case handled
        /// No route matched.
        case notFound
        /// Access, an external allow-list, an interceptor or a bridged route's remote policy refused it.
        case refused
        /// Every matching route declined.
        case declined
        /// The URL was over a limit.
        case limitExceeded
        /// Interceptors redirected in a loop.
        case redirectLoop
        /// It was queued because the router was not ready; when `isReady` turned true just then, it ran at once instead,
        /// with an event of its own.
        case deferred
        /// It was queued, then dropped: the queue was full, its `value(opening:)` task cancelled, or the router freed.
        case dropped
    }

    /// The URL the open ended with: the URL as opened, or the target of an interceptor's redirect, one event for the
    /// whole open (an open that waited for ``Router/isReady`` has a `.deferred` one first). Query values are
    /// `<redacted>` unless the observer asked otherwise.
    public let url: String
    /// Where it came from: `.external` for a link from outside the app.
    public let source: RouteSource
    /// The pattern that handled (or would have handled) it: `shop://item/:id`; nil when none matched, every match
    /// declined, redirects looped, or it was deferred, dropped or refused by the allow-lists, which look before matching.
    public let pattern: String?
    /// How it ended: `.handled`, `.notFound`, `.refused`, ...
    public let outcome: Outcome
    /// From the start of the open (of its replay, for a deferred one) until the handler returned: `.microseconds(12)`.
    public let duration: Duration

    /// `url` with every query value replaced by `<redacted>`; names, path and fragment stay (a link that carries a
    /// secret in its fragment, `#access_token=…`, needs an observer with `redactingQueryValues: false` and its own).
    ///
    /// ```swift
    /// RouteEvent.redactingQueryValues("shop://item/42?ref=mail&token=abc#top")
    /// // "shop://item/42?ref=<redacted>&token=<redacted>#top"
    /// ```
    public static func redactingQueryValues(_ url: String) -> String {
        // Split on Unicode scalars, as the router splits on bytes: a combining mark after `?`, `&` or `=` must not hide
        // them. The query is what the router reads as one: from the first `?` before the first `#`.
        let scalars = url.unicodeScalars
        let fragment = scalars.firstIndex(of: "#") ?? scalars.endIndex
        guard let query = scalars[..<fragment].firstIndex(of: "?") else { return url }
        let items = scalars[scalars.index(after: query)..<fragment].split(
            separator: "&", omittingEmptySubsequences: false)
        let redacted = items.map { item in
            guard let equals = item.firstIndex(of: "=") else { return Substring(item) }
            return Substring(item[...equals]) + "<redacted>"
        }
        return Substring(scalars[...query]) + redacted.joined(separator: "&") + Substring(scalars[fragment...])
    }
}

typealias Observer = (redactsQueryValues: Bool, body: @Sendable (RouteEvent) -> Void)

extension Router {
    /// Calls `observer` after every open (and when an open is deferred or dropped), on the opener's thread.
    ///
    /// ```swift
    /// router.addObserver { event in analytics.track(event.pattern ?? "unmatched", event.outcome) }
    /// ```
    /// - Parameters:
    ///   - redactingQueryValues: replace query values in ``RouteEvent/url`` (default).
    ///   - observer: called with each ``RouteEvent``.
    public func addObserver(redactingQueryValues: Bool = true, _ observer: @escaping @Sendable (RouteEvent) -> Void) {
        try? mutate { $0.hooks.observers.append((redactingQueryValues, observer)) }
    }

    /// Removes every observer (`router.removeAllObservers()`), as when analytics are switched off.
    public func removeAllObservers() { try? mutate { state in state.hooks.observers.removeAll() } }
}

extension RouteTable {
    /// Now, as the time since this process first read it: a `Duration` is two integers, where an optional
    /// `ContinuousClock.Instant` goes through the runtime on every open.
    @inline(never) static var now: Duration { clockStart.duration(to: .now) }
    private static let clockStart = ContinuousClock.now

    func notify(
        url: String, source: RouteSource, pattern: String?, outcome: RouteEvent.Outcome,
        since start: Duration = RouteTable.now
    ) {
        let duration = RouteTable.now - start
        lazy var redacted = RouteEvent.redactingQueryValues(url)
        for observer in hooks.observers {
            let shown = observer.redactsQueryValues ? redacted : url
            observer.body(
                RouteEvent(url: shown, source: source, pattern: pattern, outcome: outcome, duration: duration))
        }
    }
}
