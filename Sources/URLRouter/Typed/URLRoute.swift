/// A route declared as a Swift type: its pattern, and its fields, which matching fills and ``Router/url(for:origin:)``
/// prints.
///
/// ```swift
/// struct ItemRoute: URLRoute {
///     static let pattern = "shop://item/:id<int>"
///     var id: Int              // the placeholder :id
///     var ref: String?         // the query item ref, if any
///     var tag: [String] = []   // every query item tag, in order
/// }
/// try router.register(ItemRoute.self) { item, request in request.complete(item.id) }
/// let item = router.match("shop://item/42?ref=mail", as: ItemRoute.self)   // an ItemRoute: id 42, ref "mail"
/// let link = try router.url(for: ItemRoute(id: 42, ref: "mail"))            // "shop://item/42?ref=mail"
/// ```
///
/// Fields are read through `Codable` (the synthesized conformance is all it takes): a field named like a placeholder
/// takes the path's value, any other the query's. Supported field types: `String`, `Int` (and the other integer types),
/// `Double`, `Float`, `Bool`, `UUID`, `RawRepresentable` enums with `String` or `Int` raw values, optionals of these,
/// and arrays of these from repeated query items. Texts convert by the rules of the placeholder types `<int>`,
/// `<double>`, `<bool>` and `<uuid>`.
///
/// Registration checks the declaration against the pattern: a placeholder without a field, or a field of a type no text
/// can fill (a nested struct), is a ``RouteError``. A URL whose values do not convert is not taken by the route:
/// matching goes on to the next route, and ``Router/explain(_:source:)`` names the field.
public protocol URLRoute: Codable, Sendable {
    /// The pattern, as ``Router/register(_:origins:priority:access:replacing:handler:)`` takes it.
    ///
    /// ```swift
    /// static let pattern = "shop://item/:id<int>"
    /// ```
    static var pattern: String { get }

    /// The link origins the route serves (see ``LinkOrigin``); then ``pattern`` is the path alone. Empty, the default,
    /// for a pattern with its own scheme.
    ///
    /// ```swift
    /// static let pattern = "item/:id<int>"
    /// static let origins: [LinkOrigin] = [.scheme("shop"), .web("shop.example.com")]
    /// ```
    static var origins: [LinkOrigin] { get }
}

extension URLRoute {
    /// No origins: ``pattern`` names its scheme itself, as `static let pattern = "shop://item/:id"` does.
    public static var origins: [LinkOrigin] { [] }
}

/// How a router checks a typed route's fields against a URL its pattern matched, for `explain`, `canOpen` and `open`
/// (part of the route's entry in the snapshot). A class, so that every other route pays one reference for it.
final class TypedRouteCheck: Sendable {
    /// The pattern's placeholders: their fields read the path alone, never the query.
    let placeholders: Set<String>
    /// Why the URL's values do not decode; nil when they do.
    let failure: @Sendable (RouteParameters) -> FieldFailure?

    /// Checks `Route`'s fields against `pattern`: runs the type's `init(from:)`, so never under a lock.
    init<Route: Decodable & Sendable>(_ type: Route.Type, pattern: String, limits: Router.Limits) throws(RouteError) {
        placeholders = try RouteFields(Route.self).check(Route.self, against: pattern, limits: limits)
        failure = { parameters in
            do {
                _ = try ParameterDecoder.decode(Route.self, from: parameters)
                return nil
            } catch {
                return error as? FieldFailure ?? FieldFailure(field: "", value: "\(error)", type: Route.self)
            }
        }
    }
}

extension RouteTable {
    /// ``lookup(_:excluding:)``, passing over typed routes whose fields do not decode from the URL, as over a typed
    /// placeholder that does not convert: the next match gets the URL (another combination of the route's optional
    /// groups too), or none does.
    ///
    /// - Parameter failed: told each typed route passed over, and why.
    /// - Complexity: that of the plain lookup when no typed route is registered; otherwise one more decode, and one
    ///   more lookup per combination passed over.
    func lookupTyped(
        _ url: String, excluding excluded: [Int32] = [], failed: ((Int32, FieldFailure) -> Void)? = nil
    ) -> Lookup {
        var lookup = self.lookup(url, excluding: excluded)
        guard hooks.typedRoutes > 0 else { return lookup }
        var passed = excluded
        while case .matched(let match) = lookup, let failure = match.route.typed?.failure(match.parameters) {
            failed?(match.routeID, failure)
            passed.append(~match.parameters.leaf)  // the route's other combinations may still decode
            lookup = self.lookup(url, excluding: passed)
        }
        return lookup
    }

    /// `.notFound` for `url`, naming the typed route that matched it and the field that did not decode, if one did.
    func notFound(_ url: String) -> RouteError {
        var first: (route: Int32, failure: FieldFailure)?
        if hooks.typedRoutes > 0 { _ = lookupTyped(url) { first = first ?? ($0, $1) } }
        guard let (route, failure) = first else { return .notFound(url) }
        let pattern = RouteError.quoted(routes.live(route).displayName)
        return RouteError(.notFound, "No route takes \(RouteError.quoted(url)): \(pattern) matches, but \(failure).")
    }

    /// ``Router/match(_:)-(String)`` in a table with typed routes: the winner among the routes that take `url`, passing
    /// over typed routes whose fields do not decode.
    func typedMatch(_ url: String) -> RouteMatch? {
        if case .matched(let match) = lookupTyped(url) { match } else { nil }
    }

    /// The fields of the first match, `first` (the winner) and then the others, of a route registered as one of
    /// `patterns` (full patterns, one per origin) that decode, or nil.
    func match<Value: Decodable>(_ url: String, onlyPatterns patterns: [String], from first: RouteMatch, as: Value.Type)
        -> Value?
    {
        var passed: [Int32] = []
        var next = Lookup.matched(first)
        while case .matched(let match) = next {
            let mine = patterns.contains(match.pattern)
            if mine, let value = try? ParameterDecoder.decode(Value.self, from: match.parameters) { return value }
            passed.append(mine ? ~match.parameters.leaf : match.routeID)
            next = lookup(url, excluding: passed)
        }
        return nil
    }
}
