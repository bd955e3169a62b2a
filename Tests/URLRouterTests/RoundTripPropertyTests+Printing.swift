import Testing

@testable import URLRouter

private func flipASCIICase(_ s: Substring, _ r: inout SeededRandom) -> String {
    String(
        decoding: s.utf8.map { b in (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A && r.chance(2) ? b ^ 0x20 : b },
        as: UTF8.self)
}

extension RoundTripPropertyTests {
    /// Link origins: a URL printed for any origin comes back to the route, under that origin's
    /// pattern, with its values; the scheme and web host match in any ASCII case.
    @Test(arguments: 0..<6 as Range<UInt64>)
    func originsRoundTrip(batch: UInt64) throws {
        var r = SeededRandom(seed: 0x0419_0000 &+ batch &* 15_485_863)
        let origins: [LinkOrigin] = [
            .scheme("Shop"), .scheme("x-app"), .web("Shop.Example.com"), .web("www.shop.example.com"),
        ]
        var checked = 0
        for index in 0..<300 {
            var example = Example(&r)
            guard !example.isFallback else { continue }
            // Scheme-less path.
            if let range = example.pattern.range(of: "://") ?? example.pattern.range(of: "tel:") {
                example.pattern = String(example.pattern[range.upperBound...])
            }
            let router = Self.makeRouter(&r)
            let label =
                "batch \(batch) case \(index): \(example.pattern.debugDescription) \(example.parameters.debugDescription)"
            guard (try? router.register(example.pattern, origins: origins) { _ in }) != nil else { continue }
            let origin = r.pick(origins)
            let url: String
            do { url = try router.url(for: example.pattern, parameters: example.parameters, origin: origin) } catch {
                continue
            }
            let info = try #require(router.routes.first)
            // Flip the case of the scheme and, for a web origin, of the host.
            let schemeEnd = url.range(of: ":")!.lowerBound
            var flipped = flipASCIICase(url[..<schemeEnd], &r) + url[schemeEnd...]
            if case .web = origin {
                let hostStart = flipped.index(flipped.startIndex, offsetBy: "https://".count)
                let hostEnd = flipped[hostStart...].firstIndex { "/?#".contains($0) } ?? flipped.endIndex
                flipped =
                    String(flipped[..<hostStart]) + flipASCIICase(flipped[hostStart..<hostEnd], &r)
                    + flipped[hostEnd...]
            }
            for candidate in [url, flipped] {
                guard let match = router.match(candidate) else {
                    Issue.record("\(label) → \(candidate.debugDescription) for \(origin) matches nothing")
                    continue
                }
                #expect(
                    info.originPatterns.contains(match.pattern),
                    "\(label) → \(candidate.debugDescription): \(match.pattern)")
                for (name, value) in example.parameters where name != "*" && name != "**" {
                    #expect(
                        scalars(match.parameters[name]) == scalars(value),
                        "\(label) → \(candidate.debugDescription): \(name)")
                }
                #expect(router.explain(candidate).winner == match.pattern, "\(label) → \(candidate.debugDescription)")
            }
            if case .web = origin {
                let http = "http" + url.dropFirst("https".count)
                #expect(router.match(http) == nil, "\(label) → \(http.debugDescription)")
            }
            checked += 1
        }
        #expect(checked > 100)
    }
}

extension RoundTripPropertyTests {
    /// A `**` value its optional group cannot print is lost without an error: the URL does not
    /// give it back, and `url(for:)` throws for a missing placeholder, as the article promises.
    @Test func aCatchAllItsGroupCannotPrintIsNotDroppedSilently() throws {
        let router = Router()
        try router.register("files://open(/:mode/**)") { _ in }
        let parameters = ["**": "docs/a.txt"]
        let error = try #require(caught { try router.url(for: "files://open(/:mode/**)", parameters: parameters) })
        #expect(error.code == .missingParameter, "\(error)")
        #expect(
            error.message
                == #""files://open(/:mode/**)" prints "**" only with the other placeholders of its optional group."#)
        // Given the group's other placeholder, the value is printed and read back.
        let url = try router.url(for: "files://open(/:mode/**)", parameters: ["mode": "r", "**": "docs/a.txt"])
        #expect(router.match(url)?.wildcard == ["docs", "a.txt"], "\(url)")
    }

    /// A host literal's `@`, `:`, `[` and `]` are printed as the pattern writes them, so that another URL
    /// parser reads userinfo or a port only where the pattern has one (beside optional groups, they
    /// are encoded); a path's stay as they are.
    @Test(arguments: [
        ("shop://a%40b/:x", "shop://a%40b/1"), ("shop://a%3ab/:x", "shop://a%3Ab/1"),
        ("shop://a%40b:8080/:x", "shop://a%40b:8080/1"), ("shop://%E5%AE%B6@b%3A/:x", "shop://%E5%AE%B6@b%3A/1"),
        ("shop://x/a%40b:c/:x", "shop://x/a@b:c/1"), ("shop://(:p.v/:q)/a@b/:x", "shop://a%40b/1"),
        ("http://localhost:8080(/:x)", "http://localhost:8080/1"), ("shop://a@b(/:x(/:y))", "shop://a@b/1"),
        ("http://[::1]:8080/:x", "http://[::1]:8080/1"), ("shop://%5B::1%5D/:x", "shop://%5B::1%5D/1"),
    ])
    func aHostLiteralIsPrintedAsWritten(pattern: String, expected: String) throws {
        let router = Router()
        try router.register(pattern) { _ in }
        let url = try router.url(for: pattern, parameters: ["x": "1"])
        #expect(router.match(url)?.pattern == pattern)
        #expect(url == expected)
    }
}
