import Foundation

@testable import URLRouter

/// Fuzz target: random URLs, mostly web links, against a route with link origins (two custom
/// schemes, two web hosts) and a host allow-list.
///
/// Invariants: a web origin's pattern is reached only by an `https` URL whose host, read the
/// plain way (after `scheme:` and its slashes, up to `/`, `?` or `#`, percent-decoded),
/// equals that host ASCII case-insensitively, so no port, userinfo, trailing dot or lookalike;
/// a scheme origin only by its scheme; an external web link passes the allow-list only as
/// `https` to a listed host written as a plain host name; generating the link for the matched
/// origin gives the same id and pattern back.
@_cdecl("LLVMFuzzerTestOneInput")
public func webLinkOriginsFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0, let data else { return 0 }
    let flags = data[0]
    let tail = fuzzText(data + 1, size - 1)
    let url = ["https://", "HTTPS://shop.example.com", "shop://", ""][Int(flags & 3)] + tail
    let router = originRouter

    if let match = router.match(url) {
        let pattern = match.pattern
        let scheme = String(
            decoding: Array(url.utf8.prefix { $0 != UInt8(ascii: ":") }).map { $0 &- 65 < 26 ? $0 | 0x20 : $0 },
            as: UTF8.self)
        if pattern.hasPrefix("https://"), pattern.hasSuffix("/item/:id") {
            let host = String(pattern.dropFirst("https://".count).prefix { $0 != "/" })
            fuzzCheck(scheme == "https", "\(fuzzShow(url)) reached \(pattern) without https")
            fuzzCheck(
                plainHost(url) == host, "\(fuzzShow(url)) reached \(pattern) with host \(fuzzShow(plainHost(url)))")
        } else if pattern.hasSuffix("/item/:id") {
            fuzzCheck(pattern == "\(scheme)://item/:id", "\(fuzzShow(url)) reached \(pattern)")
        }
        if pattern.hasSuffix("/item/:id"), let id = match.parameters["id"] {
            let origin: LinkOrigin =
                pattern.hasPrefix("https://")
                ? .web(String(pattern.dropFirst("https://".count).prefix { $0 != "/" }))
                : .scheme(String(pattern.prefix { $0 != ":" }))
            do {
                let link = try router.url(for: "item/:id", parameters: ["id": id], origin: origin)
                let again = router.match(link)
                fuzzCheck(
                    again?.pattern == pattern && again?.parameters["id"] == id,
                    "\(fuzzShow(link)), generated for \(fuzzShow(id)), reads back as \(again?.description ?? "no match")"
                )
            } catch {
                // A `.` or `..` id is matched (from `%2E`) but not generated: URL parsers resolve it away.
                fuzzCheck(
                    (id == "." || id == "..") && error.code == .invalidParameter,
                    "generating \(origin) for \(fuzzShow(id)) threw \(error)")
            }
        }
    }

    let external = router.canOpen(url, source: .external)
    let scheme = String(
        decoding: Array(url.utf8.prefix { $0 != UInt8(ascii: ":") }).map { $0 &- 65 < 26 ? $0 | 0x20 : $0 },
        as: UTF8.self)
    if external, scheme == "https" || scheme == "http" {
        let raw = rawHost(url)
        fuzzCheck(scheme == "https", "external \(fuzzShow(url)) allowed over http")
        fuzzCheck(
            raw.utf8.allSatisfy {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || ($0 | 0x20) &- 97 < 26 || $0 &- 48 < 10
            },
            "external \(fuzzShow(url)) allowed with host \(fuzzShow(raw))")
        fuzzCheck(
            ["shop.example.com", "www.shop.example.com"].contains(raw.lowercased()),
            "external \(fuzzShow(url)) allowed for host \(fuzzShow(raw))")
    }
    let opened = router.open(url, source: .external)
    fuzzCheck(opened == external, "canOpen \(external) but open \(opened) for \(fuzzShow(url))")
    return 0
}

/// The host as written, byte by byte: after `scheme:` and any slashes, up to `/`, `?` or `#`.
private func rawHost(_ url: String) -> String {
    let bytes = Array(url.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return "" }
    let rest = bytes[(colon + 1)...].drop { $0 == UInt8(ascii: "/") }
    let host = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    return String(decoding: host, as: UTF8.self)
}

/// `rawHost`, percent-decoded by Foundation, ASCII letters lowercased.
private func plainHost(_ url: String) -> String {
    let raw = rawHost(url)
    let decoded = raw.removingPercentEncoding ?? raw
    return String(decoding: decoded.utf8.map { $0 &- 65 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
}

let originRouter: Router = {
    let router = Router(
        options: .init(
            allowedExternalSchemes: ["shop", "shopapp", "https"],
            allowedExternalHosts: ["shop.example.com", "WWW.shop.example.com"]))
    try! router.registerObject(
        "item/:id",
        origins: [
            .scheme("shop"), .scheme("shopapp"),
            .web("shop.example.com"), .web("www.shop.example.com"),
        ]
    ) { $0.pattern }
    // A host placeholder takes any host: for these, the allow-list alone decides.
    try! router.registerObject("https://:host/any/:x") { $0.pattern }
    try! router.registerObject("http://:host/any/:x") { $0.pattern }
    return router
}()
