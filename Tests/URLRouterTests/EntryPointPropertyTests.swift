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

    // MARK: - Generators and the reference reading of origins

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
