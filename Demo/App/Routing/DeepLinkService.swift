import Dispatch
import URLRouter

/// One registered route, as `deeplink routes` lists it.
struct RouteListing: Sendable {
    /// The pattern as registered, e.g. `shop://item/:id<int>`.
    var pattern: String
    /// The demo module that registered it.
    var module: String
    /// `handler`, `object`, `target-action` or `fallback`.
    var kind: String
    /// What the route reaches, in a few words (`Target_Shop.itemView`, "the item page").
    var reaches: String
    /// True when only in-process callers may open it.
    var internalOnly: Bool
}

/// What the command line and the daemon need from the app's routing. The real router and
/// mediator sit behind it; the daemon only ever sees this.
///
/// `source` is the router's own: `.external` for everything the daemon receives and for
/// `open --external`, which may not reach internal-only routes or `native…` actions and must use
/// an allowed scheme; `.internal` for the app itself.
protocol DeepLinkService: Sendable {
    /// Opens `url`, calling `reply` exactly once: before returning, or later on another thread
    /// when the handler completes asynchronously.
    func open(_ url: String, source: RouteSource, reply: @escaping @Sendable (Reply) -> Void)

    /// True exactly when ``open(_:source:reply:)`` would run a handler; runs nothing.
    func canOpen(_ url: String, source: RouteSource) -> Bool

    /// Every registered route, sorted by pattern.
    var routes: [RouteListing] { get }

    /// A human explanation of how `url` is parsed and which pattern wins, and why others lose.
    func explain(_ url: String, source: RouteSource) -> String

    /// The schemes that may arrive from outside; the desktop entry registers exactly these.
    var externalSchemes: [String] { get }
}

extension DeepLinkService {
    /// Opens `url` and waits for the reply, at most `timeout` seconds.
    func openAndWait(_ url: String, source: RouteSource, timeout: Double) -> Reply {
        let box = ReplyBox()
        open(url, source: source) { box.fill($0) }
        return box.wait(timeout: timeout) ?? .failed(.timeout(url, seconds: timeout))
    }
}

/// A one-shot slot a reply is put into from any thread and waited for on another.
final class ReplyBox: Sendable {
    private let value = LockedValue<Reply?>(nil)
    private let filled = DispatchSemaphore(value: 0)

    /// Stores `reply` unless one is already there.
    func fill(_ reply: Reply) {
        let isFirst = value.withLock { current in
            guard current == nil else { return false }
            current = reply
            return true
        }
        if isFirst { filled.signal() }
    }

    /// The reply, waiting up to `timeout` seconds for it.
    func wait(timeout: Double) -> Reply? {
        _ = filled.wait(timeout: .now() + timeout)
        return value.withLock { $0 }
    }
}
