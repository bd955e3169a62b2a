import Foundation
import Testing

@testable import URLRouter

/// Properties of the public entry points that no other property test or fuzz target feeds with
/// generated text: link-origin registration, `explain`, `route`, the `URL` overloads, batches,
/// route-table text and the mediator's local and bridged calls. Every generator is seeded, so
/// each run checks the same cases, and a failure names the seed and the case.
@Suite struct EntryPointPropertyTests {
    /// Random paths and origins (custom schemes and web hosts, good and malformed) →
    /// `register(_:origins:)` / `registerObject(_:origins:)`: a malformed origin, an empty or
    /// duplicate list, or a path with a scheme is refused with `.invalidPattern`; any refusal
    /// names the path and leaves the routes as they were. An accepted route lists its origins
    /// lowercased, prints a link for each that matches back with every value, conflicts with
    /// itself under any of its origins, is never removed for part of them, and deregisters once.
    @Test(arguments: 0..<6)
    func linkOriginRegistrationIsAllOrNothing(batch: UInt64) throws {
        var random = SeededRandom(seed: 0x0819_1000 + batch)
        var accepted = 0
        for index in 0..<300 {
            let router = Router(options: .init(caseInsensitivePaths: random.chance(4)))
            try router.register("zz/:id", origins: [.scheme("shop"), .web("example.com")]) { _ in }
            let example = GeneratedPattern(&random)
            let path = Self.originPath(example.text, &random)
            let origins = (0..<random.next(4)).map { _ in Self.origin(&random) }
            let label = "seed \(batch), case \(index): \(path.debugDescription) with \(origins)"
            let before = router.routes
            let normalized = origins.compactMap(Self.normalized)
            let malformed =
                normalized.count != origins.count || Set(normalized).count != normalized.count || origins.isEmpty
                || path.isEmpty || path.hasPrefix("/") || !URLScanner.scheme(of: path).isEmpty
            let objects = random.chance(2)
            do throws(RouteError) {
                if objects {
                    try router.registerObject(path, origins: origins) { $0.pattern }
                } else {
                    try router.register(path, origins: origins) { $0.complete($0.pattern) }
                }
            } catch {
                #expect([.invalidPattern, .conflict, .limitExceeded].contains(error.code), "\(label): \(error)")
                #expect(!malformed || error.code == .invalidPattern, "\(label): \(error)")
                #expect(mentions(error.message, path), "\(label): the message does not name the path: \(error)")
                #expect(router.routes == before, "\(label): a refused registration changed the routes")
                continue
            }
            #expect(!malformed, "\(label): accepted")
            #expect(router.routes.count == before.count + 1, "\(label)")
            #expect(router.routes.last?.pattern == path && router.routes.last?.origins == normalized, "\(label)")
            for (origin, lowered) in zip(origins, normalized) {
                let full = lowered.pattern(path)
                let link: String
                do throws(RouteError) {
                    link = try router.url(for: path, parameters: example.parameters, origin: origin)
                } catch {
                    let explained = ["would not give its values back", "is a dot segment"].contains {
                        error.message.contains($0)
                    }
                    #expect(explained || error.code == .limitExceeded, "\(label): \(origin): \(error)")
                    continue
                }
                let match = try #require(router.match(link), "\(label): \(link) matches nothing")
                #expect(match.pattern == full, "\(label): \(link)")
                for (name, value) in example.parameters where name != "*" && name != "**" {
                    #expect(match.parameters[name] == value, "\(label): \(link): \(name)")
                }
            }
            let unlisted = caught { try router.url(for: path, parameters: example.parameters, origin: .scheme("zz")) }
            #expect(unlisted?.code == .invalidParameter, "\(label): a link for an origin it does not have")
            let some = Array(origins.shuffled(using: &random).prefix(1 + random.next(origins.count)))
            let again = caught { try router.register(path, origins: some.map(Self.recased)) { _ in } }
            #expect(again?.code == .conflict, "\(label): registering again under \(some): \(String(describing: again))")
            if origins.count > 1 {
                #expect(!router.deregister(path, origins: Array(origins.dropLast())), "\(label): removed in part")
            }
            #expect(router.deregister(path, origins: origins.shuffled(using: &random).map(Self.recased)), "\(label)")
            #expect(!router.deregister(path, origins: origins), "\(label): deregistered twice")
            #expect(router.routes == before, "\(label): deregistering left \(router.routes)")
            accepted += 1
        }
        #expect(accepted > 60, "too few registrations accepted for the property to mean much")
    }

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

    // MARK: - Generators and the reference reading of origins

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
        try! router.registerObject("shop://item/:id/secret", access: .internalOnly) { $0.pattern }
        try! router.registerObject("item/:id/view", origins: [.scheme("shop"), .web("example.com")]) { $0.pattern }
        let mediator = probeMediator()
        try! router.register("shop://bridge/:x", target: "Probe", action: "ping", on: mediator)
        try! router.register("shop://bridge/:x/native", target: "Probe", action: "nativeX", on: mediator)
        return router
    }()

    static let schemes = ["shop", "SHOP", "Shop", "x-app+1.v", "a", "web"]
    static let badSchemes = ["", "1abc", "sh op", "http", "HTTPS", "shop:", "shop://", "é", "sh/op", "-x", "s\u{0}"]
    static let hosts = ["example.com", "Example.COM", "a-b.example", "xn--caf-dma.example", "localhost", "1.2.3.4"]
    static let badHosts = [
        "", "example.com.", "ex ample.com", "example.com:443", "user@example.com", "-a.com", "a-.com", "a..b",
        "é.com", String(repeating: "a", count: 64) + ".com", "\u{212A}.com", ".com", "example.com/", "ex%61mple.com",
    ]

    /// An origin: mostly well formed, sometimes malformed or random text.
    static func origin(_ random: inout SeededRandom) -> LinkOrigin {
        switch random.next(10) {
        case 0..<4: .scheme(random.pick(schemes))
        case 4..<7: .web(random.pick(hosts))
        case 7: .scheme(random.chance(2) ? random.pick(badSchemes) : random.text())
        case 8: .web(random.chance(2) ? random.pick(badHosts) : random.text())
        default: random.chance(2) ? .scheme(random.text(SeededRandom.literal)) : .web(random.text(SeededRandom.literal))
        }
    }

    /// A generated pattern with its scheme and leading `/` taken off, sometimes left on or
    /// replaced by text that is no path.
    static func originPath(_ pattern: String, _ random: inout SeededRandom) -> String {
        if random.chance(12) { return random.pick(["", "/item/:id", "shop://item/:id", "x:y", random.text()]) }
        var path = Substring(pattern)
        for prefix in ["Shop://", "app://", "tel:"] where path.hasPrefix(prefix) { path = path.dropFirst(prefix.count) }
        return String(random.chance(10) ? path : path.drop { $0 == "/" })
    }

    /// The origin lowercased, or nil when it is no scheme or host name, read from the rules in
    /// `LinkOrigin`'s documentation: a scheme is `[A-Za-z][A-Za-z0-9+.-]*` and not a web scheme; a
    /// host is dot-separated labels of 1 to 63 ASCII letters, digits and inner `-`, 253 bytes at most.
    static func normalized(_ origin: LinkOrigin) -> LinkOrigin? {
        func lowered(_ text: String) -> [UInt8] { text.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 } }
        func isAlphanumeric(_ byte: UInt8) -> Bool { (97...122).contains(byte) || (48...57).contains(byte) }
        switch origin {
        case .scheme(let scheme):
            let bytes = lowered(scheme)
            let text = String(decoding: bytes, as: UTF8.self)
            guard let first = bytes.first, (97...122).contains(first), text != "http", text != "https",
                bytes.allSatisfy({ isAlphanumeric($0) || Array("+-.".utf8).contains($0) })
            else { return nil }
            return .scheme(text)
        case .web(let host):
            let bytes = lowered(host)
            let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard (1...253).contains(bytes.count),
                labels.allSatisfy({ label in
                    (1...63).contains(label.count) && label.first != 45 && label.last != 45
                        && label.allSatisfy { isAlphanumeric($0) || $0 == 45 }
                })
            else { return nil }
            return .web(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The same origin in another ASCII letter case.
    static func recased(_ origin: LinkOrigin) -> LinkOrigin {
        switch origin {
        case .scheme(let scheme): .scheme(scheme.uppercased())
        case .web(let host): .web(host.uppercased())
        }
    }
}

/// Whether `message` quotes `input`, byte for byte, as `RouteError` quotes it (the quotes aside:
/// an origin's full pattern may be the one quoted, with the path at its end).
func mentions(_ message: String, _ input: String) -> Bool {
    let quoted = Array(RouteError.quoted(input).utf8.dropFirst().dropLast())
    let bytes = Array(message.utf8)
    guard !quoted.isEmpty else { return bytes.count > 0 }
    guard bytes.count >= quoted.count else { return false }
    return (0...(bytes.count - quoted.count)).contains { bytes[$0..<($0 + quoted.count)].elementsEqual(quoted) }
}
