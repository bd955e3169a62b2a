extension Router {
    /// How a router matches, and the limits it holds input to.
    ///
    /// ```swift
    /// let router = Router(options: .init(caseInsensitivePaths: true, formDecoding: true))
    /// ```
    public struct Options: Sendable {
        /// Limits on URLs and patterns; over them, calls fail with ``RouteError/Code/limitExceeded``.
        public let limits: Limits
        /// Compare all literal segments case-insensitively (ASCII), not only scheme and host: `/Help` matches `/help`.
        public let caseInsensitivePaths: Bool
        /// Decode a raw `+` in query names and values as a space (`%2B` stays `+`).
        public let formDecoding: Bool
        /// Schemes an ``RouteSource/external`` open may use, in any ASCII case; nil allows every scheme.
        public let allowedExternalSchemes: Set<String>?
        /// Web hosts an ``RouteSource/external`` open may use (lowercase); nil leaves web links to
        /// `allowedExternalSchemes`. When set, a web link from outside is allowed only as `https` to a listed host,
        /// with no port or userinfo, whatever the scheme list says. An entry is a bare host name (`shop.example.com`,
        /// not `https://shop.example.com`, `shop.example.com:443` or `shop.example.com.`, which match no link).
        ///
        /// ```swift
        /// let router = Router(options: .init(allowedExternalSchemes: ["shop"], allowedExternalHosts: ["shop.example.com"]))
        /// router.canOpen("https://shop.example.com/item/42", source: .external)   // if a route takes it
        /// router.canOpen("https://evil.example.net/item/42", source: .external)   // false
        /// ```
        public let allowedExternalHosts: Set<String>?

        /// Options with the given values; every argument has a default: `Router.Options(formDecoding: true)`.
        public init(
            limits: Limits = Limits(), caseInsensitivePaths: Bool = false, formDecoding: Bool = false,
            allowedExternalSchemes: Set<String>? = nil, allowedExternalHosts: Set<String>? = nil
        ) {
            (self.limits, self.caseInsensitivePaths, self.formDecoding) = (limits, caseInsensitivePaths, formDecoding)
            self.allowedExternalSchemes = allowedExternalSchemes.map { Set($0.map(LinkOrigin.asciiLowercased)) }
            self.allowedExternalHosts = allowedExternalHosts.map { Set($0.map(LinkOrigin.asciiLowercased)) }
        }
    }

    /// The largest input a router accepts, each held to its range; the defaults suit deep links.
    ///
    /// ```swift
    /// let limits = Router.Limits(maxURLLength: 64 * 1024)
    /// ```
    public struct Limits: Sendable, Hashable {
        /// Bytes of UTF-8 in a URL. Default 16 KiB, at most 2 GiB - 1 (offsets into a URL are 32-bit).
        public let maxURLLength: Int
        /// Path segments in a URL or pattern. Default 64, at most 256, which bounds the scratch
        /// buffer a lookup keeps its segments in (a few KiB).
        public let maxSegments: Int
        /// Items in a URL's query. Default 256.
        public let maxQueryItems: Int
        /// Bytes of UTF-8 in a pattern. Default 2 KiB.
        public let maxPatternLength: Int
        /// Routes, one per combination of optional groups under each origin. Default 1,000,000.
        public let maxRoutes: Int
        /// Opens queued while the router is not ready. Default 100.
        public let maxDeferredOpens: Int
        /// Bytes of a route table loaded with `loadRouteTable(from:on:)`. Default 4 MiB, at most
        /// 2 GiB - 1; a file is never read further than this, so a path to an endless file fails quickly.
        public let maxRouteTableLength: Int

        /// Limits with the given values; every argument has a default: `Router.Limits(maxSegments: 32)`.
        public init(
            maxURLLength: Int = 16 * 1024, maxSegments: Int = 64, maxQueryItems: Int = 256,
            maxPatternLength: Int = 2 * 1024, maxRoutes: Int = 1_000_000, maxDeferredOpens: Int = 100,
            maxRouteTableLength: Int = 4 * 1024 * 1024
        ) {
            self.maxURLLength = min(max(0, maxURLLength), Int(Int32.max))
            self.maxSegments = min(max(1, maxSegments), 256)
            self.maxQueryItems = max(0, maxQueryItems)
            self.maxPatternLength = max(1, maxPatternLength)
            self.maxRoutes = max(0, maxRoutes)
            self.maxDeferredOpens = max(0, maxDeferredOpens)
            self.maxRouteTableLength = min(max(0, maxRouteTableLength), Int(Int32.max))
        }
    }
}

/// Where an open comes from: `router.open(link, source: .external)` for a web page, another app or the
/// daemon's socket. External opens may not reach ``RouteAccess/internal`` routes and must use an allowed scheme.
public enum RouteSource: String, Sendable, Hashable {
    /// The app itself: one module opening another. The default.
    case `internal`
    /// Anything outside the app.
    case external
}

/// Who may open a route: `try router.register("account://orders", access: .internal) { ... }` refuses links.
public enum RouteAccess: String, Sendable, Hashable {
    /// Internal and external opens.
    case `public`
    /// Internal opens only; external ones are refused.
    case `internal`
}
