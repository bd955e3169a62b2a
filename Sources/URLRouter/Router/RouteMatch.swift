/// The result of ``Router/match(_:)``: which pattern won and the URL's parameters. Nothing runs.
///
/// ```swift
/// if let match = router.match("shop://item/42?ref=home") {
///     match.pattern              // "shop://item/:id"
///     match.parameters["id"]     // "42"
/// }
/// ```
public struct RouteMatch: Sendable, CustomStringConvertible {
    /// The URL's parameters: path placeholders, then query items.
    public let parameters: RouteParameters
    let routeID: Int32
    let catchAllStart: Int32
    let pathEnd: Int32
    let fragmentStart: Int32

    var table: RouteTable { parameters.table }
    var route: Route { table.routes[Int(routeID)]! }

    /// The winning pattern, as registered.
    public var pattern: String { route.pattern }
    /// The winning route's priority.
    public var priority: Int { Int(route.priority) }
    /// The URL as matched.
    public var url: String { parameters.url }

    /// The segments `**` (or a scheme fallback) took, percent-decoded; empty otherwise.
    public var wildcard: [String] {
        guard catchAllStart >= 0 else { return [] }
        return parameters.withBytes { bytes in
            UnsafeBufferPointer(rebasing: bytes[Int(catchAllStart)..<Int(pathEnd)])
                .split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
                .map { segment in segment.withUnsafeBufferPointer { PercentDecoding.string($0, plusAsSpace: false) } }
        }
    }

    /// The fragment after `#`, percent-decoded; nil when there is none.
    public var fragment: String? {
        guard fragmentStart >= 0 else { return nil }
        return parameters.withBytes { bytes in
            PercentDecoding.string(UnsafeBufferPointer(rebasing: bytes[Int(fragmentStart)...]), plusAsSpace: false)
        }
    }

    /// `pattern` and the parameters.
    public var description: String { "\(pattern) \(parameters)" }
}
