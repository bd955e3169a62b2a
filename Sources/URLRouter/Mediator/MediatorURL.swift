/// `scheme://target/action?query#fragment`, split on the UTF-8 bytes and percent-decoded.
///
/// Foundation's URL types are not used: they reject some inputs and normalise others, and
/// the checks on the action name must see exactly what the lookup will see.
enum MediatorURL {
    /// The call `url` makes, or why it is not a mediator URL.
    static func parse(_ url: String) -> Result<RemoteCall, RouteError> {
        func fail(_ reason: String) -> Result<RemoteCall, RouteError> {
            let message =
                "No target-action in \(RouteError.quoted(url)): \(reason); a mediator URL is scheme://target/action."
            return .failure(RouteError(.notFound, message))
        }
        let limit = Router.Limits().maxURLLength  // a router's default: a URL from outside is split only below it
        guard url.utf8.count <= limit else {
            return .failure(.limitExceeded(url, "the URL is \(url.utf8.count) bytes; the limit is \(limit)."))
        }
        let beforeFragment = Array(url.utf8).prefix { $0 != UInt8(ascii: "#") }
        let bytes = beforeFragment.prefix { $0 != UInt8(ascii: "?") }
        let query = beforeFragment[bytes.endIndex...].dropFirst()

        let colon = bytes.withUnsafeBufferPointer(URLScanner.schemeLength)
        guard colon > 0 else { return fail("it has no scheme") }
        let slash = UInt8(ascii: "/")
        guard bytes[(colon + 1)...].starts(with: [slash, slash]) else {
            return fail("the scheme is not followed by \"//\"")
        }
        let parts = bytes[(colon + 3)...].split(separator: slash, omittingEmptySubsequences: false)
        let (host, segments) = (parts[0], parts.dropFirst())
        guard !host.isEmpty else { return fail("it names no target") }
        let userOrPort = host.contains { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") }
        guard !userOrPort else { return fail("the target has a user or a port (\"@\" or \":\")") }
        guard segments.count <= 1 else { return fail("the path has \(segments.count) segments, not one action") }
        guard let action = segments.first, !action.isEmpty else { return fail("it names no action") }

        var parameters: [String: String] = [:]  // as the router reads a query: `?=x` is the name ""
        query.withUnsafeBufferPointer { query in
            QueryScanner.forEach(in: query, 0, query.count) { parameters[percentDecoded($0)] = percentDecoded($1) }
        }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        return .success(
            RemoteCall(
                url: url, scheme: scheme, target: host.withUnsafeBufferPointer(percentDecoded),
                action: action.withUnsafeBufferPointer(percentDecoded), parameters: parameters))
    }

    /// Decodes `%XX` escapes as the router does; `+` stays `+`.
    private static func percentDecoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        PercentDecoding.string(bytes, plusAsSpace: false)
    }
}
