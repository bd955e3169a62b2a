/// The demo's links the tests rely on, in one place.
enum DemoLinks {
    /// Routed by a plain handler with a typed placeholder.
    static let item = "shop://item/42?ref=home"
    static let itemPattern = "shop://item/:id<int>"
    /// An item link for `id`, routed like ``item``.
    static func item(_ id: Int) -> String { "shop://item/\(id)" }
    /// Answered through the completion about 250 ms later, on another thread.
    static let slow = "account://session/refresh"
    /// Internal-only: refused from outside, routed in-process.
    static let internalOnly = "account://debug/reset"
    /// A scheme the daemon accepts but no route of which matches.
    static let notFound = "settings://no/such/page"
    /// A scheme outside the allow-list.
    static let foreignScheme = "ftp://example.com/file"
    /// The schemes the desktop entry registers, sorted.
    static let schemes = ["account", "settings", "shop"]
}
