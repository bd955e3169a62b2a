import Foundation
import Testing

@testable import URLRouter

extension EntryPointPropertyTests {
    /// Random URLs, internal and external, against routes of every access kind (a host and a
    /// scheme allow-list, an internal-only route, link origins, bridged target-actions, one of
    /// them `native…`): `explain` answers the same twice and names `match`'s winner; `canOpen`
    /// holds exactly when there is a winner and no refusal; `route` responds once, with the
    /// winner and its value when it opened, else with a non-empty error of the kind `explain`
    /// predicts; `object(for:)` and the Foundation `URL` overloads agree.
    @Test(arguments: 0..<8)
    func explainRouteAndCanOpenAgree(batch: UInt64) {
        var random = SeededRandom(seed: 0xE8_9141 + batch)
        let router = Self.accessRouter
        var opened = 0
        var refused = 0
        var overLimit = 0
        for index in 0..<400 {
            let url = Self.accessURL(&random)
            for source in [RouteSource.internal, .external] {
                let label = "seed \(batch), case \(index), \(source): \(url.debugDescription)"
                let explanation = router.explain(url, source: source)
                #expect(router.explain(url, source: source).description == explanation.description, "\(label)")
                let winner = router.match(url)?.pattern
                #expect(explanation.winner == winner, "\(label): explain names \(explanation.winner ?? "nothing")")
                #expect(explanation.error == nil || winner == nil, "\(label)")
                let canOpen = router.canOpen(url, source: source)
                #expect(canOpen == (winner != nil && explanation.refusal == nil), "\(label): canOpen \(canOpen)")
                #expect(source == .external || explanation.refusal == nil, "\(label): refused from inside")

                let responses = Recorder<String>()
                let didOpen = router.route(url, source: source) { response in
                    switch response.result {
                    case .success(let value):
                        responses.record("\(response.match?.pattern ?? "-") → \(value.map { "\($0)" } ?? "nil")")
                    case .failure(let error):
                        responses.record(error.message.isEmpty ? "empty message" : "\(error.code)")
                    }
                }
                #expect(didOpen == canOpen, "\(label): route \(didOpen), canOpen \(canOpen)")
                let expected: [String]
                if let winner, canOpen {
                    expected = ["\(winner) → \(Self.values[winner] ?? winner)"]
                    opened += 1
                } else if explanation.refusal != nil {
                    expected = ["refused"]
                    refused += 1
                } else if source == .internal {
                    expected = [explanation.error != nil ? "limitExceeded" : "notFound"]
                    overLimit += explanation.error != nil ? 1 : 0
                } else {
                    // The scheme and host lists are read before the route.
                    let kind = explanation.error != nil ? "limitExceeded" : "notFound"
                    expected = Self.listsRefuse(url) ? ["refused"] : [kind]
                    refused += expected == ["refused"] ? 1 : 0
                }
                #expect(responses.values == expected, "\(label)")
                let object = router.object(for: url, source: source) as? String
                #expect(object == winner.flatMap { canOpen ? Self.values[$0] ?? $0 : nil }, "\(label): object(for:)")
                if let foundation = URL(string: url) {
                    let text = foundation.absoluteString
                    #expect(router.canOpen(foundation, source: source) == router.canOpen(text, source: source))
                    #expect(router.match(foundation)?.pattern == router.match(text)?.pattern, "\(label)")
                }
            }
        }
        #expect(opened > 100 && refused > 100 && overLimit > 20, "too few opened, refused or over a limit")
    }

    /// Random URLs → `value(opening:)`: the value `route` would complete with, or its error.
    @Test func asyncValueAgreesWithCanOpen() async {
        var random = SeededRandom(seed: 0xA5_1C)
        let router = Self.accessRouter
        for index in 0..<600 {
            let url = random.url()
            let winner = router.match(url)?.pattern
            let canOpen = router.canOpen(url)
            do throws(RouteError) {
                let value = try await router.value(opening: url) as? String
                #expect(canOpen && value == winner.map { Self.values[$0] ?? $0 }, "case \(index): \(url)")
            } catch {
                #expect(
                    !canOpen && [.notFound, .limitExceeded].contains(error.code), "case \(index): \(url): \(error)")
            }
        }
    }

    static let webPrefixes = [
        "https://example.com/", "HTTPS://Example.COM/", "http://example.com/", "https://example.com:443/",
        "https://example.com./", "https://user@example.com/", "https://evil.com/", "https://ex%61mple.com/",
        "https://\u{212A}.example.com/", "shop://", "https:example.com/", "https:///example.com/",
    ]

    /// A web link, a URL aimed at the internal-only or bridged routes, a long one, or a random URL.
    static func accessURL(_ random: inout SeededRandom) -> String {
        let id =
            random.chance(2) ? random.pick(["42", "a", "%34%32", "é"]) : random.text(SeededRandom.literal, pieces: 2)
        switch random.next(5) {
        case 0: return random.pick(webPrefixes) + "item/" + id + random.pick(["/view", "/view?a=1#f", "", "/view/"])
        case 1:
            return random.pick(["shop://", "SHOP://", "tel:", "x://", "/"]) + random.pick(["item/", "bridge/"]) + id
                + random.pick(["/secret", "/native", "", "/view", "?q=1"])
        case 2:
            let long = [
                "/a/b/c/d/e/f", "?a&b=1&c&d", String(repeating: "%41", count: 30), "/" + random.text(pieces: 40),
            ]
            return random.url() + random.pick(long)
        default: return random.url()
        }
    }

    /// Whether `accessRouter`'s lists refuse `url` from outside, read from the text alone: an
    /// `http` or `https` link by its raw host (after the colon and any `/`, up to `/`, `?` or
    /// `#`), which must be `https` and `example.com` in any ASCII case; any other URL by its
    /// scheme (`[A-Za-z][A-Za-z0-9+.-]*:`), which must be `shop` or `tel`.
    static func listsRefuse(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
            bytes[..<colon].allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || "+-.".utf8.contains($0) })
        else { return true }
        let scheme = String(decoding: bytes[..<colon].map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        guard scheme == "http" || scheme == "https" else { return !["shop", "tel"].contains(scheme) }
        let host = bytes[(colon + 1)...].drop { $0 == UInt8(ascii: "/") }.prefix { !"/?#".utf8.contains($0) }
        return scheme != "https"
            || String(decoding: host.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self) != "example.com"
    }

    /// What each route's handler completes with, when not its own pattern.
    static let values = ["shop://bridge/:x": "Probe.ping", "shop://bridge/:x/native": "Probe.notFound(nativeX)"]

    static let accessRouter: Router = {
        let router = Router(
            options: .init(
                limits: .init(maxURLLength: 100, maxSegments: 6, maxQueryItems: 3),
                allowedExternalSchemes: ["shop", "tel", "https"], allowedExternalHosts: ["example.com"]))
        for pattern in PropertyTests.table.routes.map(\.pattern) {
            try! router.registerObject(pattern) { $0.pattern }
        }
        try! router.registerObject("shop://item/:id/secret", access: .internal) { $0.pattern }
        try! router.registerObject("item/:id/view", origins: [.scheme("shop"), .web("example.com")]) { $0.pattern }
        let mediator = probeMediator()
        try! router.register("shop://bridge/:x", target: "Probe", action: "ping", on: mediator)
        try! router.register("shop://bridge/:x/native", target: "Probe", action: "nativeX", on: mediator)
        return router
    }()
}
