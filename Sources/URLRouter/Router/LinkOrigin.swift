/// Where links to a route come from: a custom scheme (`shop://item/42`) or a web host
/// (`https://shop.example.com/item/42`, a Universal Link or App Link). One registration serves every origin it lists,
/// as one route.
///
/// ```swift
/// try router.register("item/:id", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
///     request.complete(request.parameters["id"])
/// }
/// router.open("shop://item/42")                       // true
/// router.open("https://SHOP.example.com/item/42")     // true: hosts compare ASCII case-insensitively
/// router.open("https://shop.example.com:443/item/42") // false: no port, no userinfo
/// ```
///
/// In a custom scheme the host is the pattern's first segment, as in any pattern (`shop://item/42` has segments `item`,
/// `42`). In a web link the host is the domain: it must equal one of the route's hosts, and the path starts after it.
/// Web origins serve `https` only; an `http` link, a port, userinfo or a trailing dot in the host is never matched.
public enum LinkOrigin: Sendable, Hashable, CustomStringConvertible {
    /// A custom scheme, e.g. `shop` for `shop://item/42`: matched case-insensitively, `==` as written.
    case scheme(String)
    /// A web host, e.g. `shop.example.com` for `https://shop.example.com/item/42`. ASCII only, labels of at most 63
    /// bytes (write an internationalised name in its `xn--` form); matched as a scheme is.
    case web(String)

    /// `shop` for a scheme, `https://shop.example.com` for a web host.
    public var description: String {
        switch self {
        case .scheme(let scheme): scheme
        case .web(let host): "https://\(host)"
        }
    }

    /// The origin, lowercased, or an error saying what is wrong with it.
    func normalized(for pattern: String) throws(RouteError) -> LinkOrigin {
        switch self {
        case .scheme(let scheme):
            let lowered = Self.asciiLowercased(scheme)
            guard !["https", "http"].contains(URLScanner.scheme(of: lowered + ":")) else {  // `http://host` too
                throw .invalidPattern(
                    pattern,
                    "the origin \(RouteError.quoted(scheme)) has a web scheme; list its host as .web(\"host\") (\"https://host\" in a route table), which serves https only."
                )
            }
            guard !lowered.isEmpty, URLScanner.scheme(of: lowered + ":") == lowered else {
                throw .invalidPattern(
                    pattern, "the origin scheme \(RouteError.quoted(scheme)) is not a scheme ([A-Za-z][A-Za-z0-9+.-]*)."
                )
            }
            return .scheme(lowered)
        case .web(let host):
            let lowered = Self.asciiLowercased(host)
            guard Self.isHostName(lowered) else {
                throw .invalidPattern(
                    pattern,
                    "the web host \(RouteError.quoted(host)) is not a host name: dot-separated labels of 1 to 63 ASCII letters, digits and \"-\", no port, no userinfo, no trailing dot."
                )
            }
            return .web(lowered)
        }
    }

    /// The full pattern for `path` (written without a scheme) from this origin.
    func pattern(_ path: String) -> String { if case .scheme = self { "\(self)://\(path)" } else { "\(self)/\(path)" } }

    /// Whether `host` (lowercase) is a DNS name: labels of `[a-z0-9-]`, 1 to 63 bytes, not starting or ending with `-`,
    /// at most 253 bytes in all.
    static func isHostName(_ host: String) -> Bool {
        let bytes = Array(host.utf8)
        guard (1...253).contains(bytes.count) else { return false }
        return bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.count) && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                && label.allSatisfy {
                    $0 &- UInt8(ascii: "a") < 26 || $0 &- UInt8(ascii: "0") < 10 || $0 == UInt8(ascii: "-")
                }
        }
    }

    /// A registration's origins: none (`[]`) for nil, when the pattern is a full one; an empty list, which would
    /// register the path as a plain pattern, is refused.
    static func given(_ origins: [LinkOrigin]?, path: String) throws(RouteError) -> [LinkOrigin] {
        guard let origins, origins.isEmpty else { return origins ?? [] }
        throw .invalidPattern(path, "a registration with link origins lists at least one origin.")
    }

    /// Checks a registration's path and (non-empty) origins; returns the origins lowercased.
    static func validate(_ origins: [LinkOrigin], path: String) throws(RouteError) -> [LinkOrigin] {
        try checkPath(path)
        var seen: Set<LinkOrigin> = []  // a set: a row of a route table may list thousands
        return try origins.map { origin throws(RouteError) in
            let origin = try origin.normalized(for: path)
            guard seen.insert(origin).inserted else {
                throw .invalidPattern(path, "the origin \(RouteError.quoted(origin.description)) is listed twice.")
            }
            return origin
        }
    }

    /// Throws unless `path` is a path alone (`item/:id`: no scheme, no leading `/`), as registration and generation need.
    static func checkPath(_ path: String) throws(RouteError) {
        guard !path.hasPrefix("/"), URLScanner.scheme(of: path).isEmpty else {
            throw .invalidPattern(
                path, "with link origins, write the path alone, without a scheme or leading \"/\" (\"item/:id\").")
        }
        guard !path.isEmpty else {
            throw .invalidPattern(path, "with link origins, the path has at least one segment.")
        }
    }

    /// The scheme (lowercased) and the host bytes as written of an `https` or `http` URL, read byte by byte as matching
    /// reads them: the host is the first segment, after `scheme:` and any `/`, up to `/`, `?` or `#` (a port or
    /// userinfo stays in it). Nil for other URLs.
    static func webParts(of url: String) -> (scheme: String, host: ArraySlice<UInt8>)? {
        // Only a 4- or 5-byte scheme can be `http` or `https`.
        let bytes = Array(url.utf8)
        let length = bytes.withUnsafeBufferPointer { URLScanner.schemeLength($0) }
        guard length == 4 || length == 5 else { return nil }
        let scheme = String(decoding: bytes[..<length].map(foldASCII), as: UTF8.self)
        guard scheme == "https" || scheme == "http" else { return nil }
        let start = bytes[(length + 1)...].firstIndex { $0 != UInt8(ascii: "/") } ?? bytes.count
        let end = bytes[start...].firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        return (scheme, bytes[start..<(end ?? bytes.count)])
    }

    /// `text` with ASCII letters lowercased and nothing else changed: Unicode lowercasing would turn the Kelvin sign
    /// into `k` and let a lookalike pass for an ASCII name.
    static func asciiLowercased(_ text: String) -> String { String(decoding: text.utf8.map(foldASCII), as: UTF8.self) }
}
