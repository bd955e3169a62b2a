import Foundation
import Testing

@testable import URLRouter

/// The entry points that take text from outside and that the other property tests and fuzz
/// targets feed only with fixed lists: parameter type names, a mediator's search modules, the
/// external allow-lists, route-table file URLs, action rules and `url(for:parameters:)`'s
/// leftover names. Every generator is seeded; a failure names the seed and the case.
extension EntryPointPropertyTests {
    /// Random type names → `register(_: RouteParameterType)`: a name that is empty or has
    /// `/ ( ) > ? #` or a control character is refused with `.invalidPattern`, a taken one with
    /// `.conflict`, each on one line naming it and leaving the router as it was; any other name
    /// is accepted once, and a pattern naming it matches exactly the values the type accepts.
    @Test(arguments: 0..<4)
    func parameterTypeNamesAreRefusedClearlyOrUsable(batch: UInt64) throws {
        var random = SeededRandom(seed: 0x7E9E_0000 + batch)
        var accepted = 0
        for index in 0..<250 {
            let router = Router()
            try router.register("t://keep/:id<int>") { _ in }
            let name =
                random.chance(6) ? random.pick(["int", "bool", "uuid", "double", "Int", "slug"]) : random.hostileText()
            let label = "seed \(batch), case \(index): \(name.debugDescription)"
            let unwritable =
                name.isEmpty
                || name.unicodeScalars.contains { "/()>?#".unicodeScalars.contains($0) || breaksLines($0) }
            let taken = ["int", "double", "bool", "uuid"].contains(name)
            let before = router.routes
            do throws(RouteError) {
                try router.register(RouteParameterType(name) { $0 == "ok" })
            } catch {
                #expect(error.code == (unwritable ? .invalidPattern : .conflict), "\(label): \(error)")
                #expect(unwritable || taken, "\(label): refused \(error)")
                #expect(mentions(error.message, name), "\(label): \(error.message)")
                #expect(!error.message.unicodeScalars.contains(where: breaksLines), "\(label): \(error.message)")
                #expect(router.routes == before && router.match("t://keep/7") != nil, "\(label)")
                continue
            }
            #expect(!unwritable && !taken, "\(label): accepted")
            let again = caught { try router.register(RouteParameterType(name) { _ in true }) }
            #expect(again?.code == .conflict, "\(label): registered twice")
            let pattern = "t://x/:v<\(name)>"
            guard let problem = caught({ try router.register(pattern) { _ in } }) else {
                #expect(router.match("t://x/ok")?.pattern == pattern, "\(label)")
                #expect(router.match("t://x/no") == nil && router.match("t://keep/7") != nil, "\(label)")
                accepted += 1
                continue
            }
            Issue.record("\(label): a type that was accepted cannot be named in a pattern: \(problem)")
        }
        #expect(accepted > 60, "too few names accepted (\(accepted)) for the property to mean much")
    }

    /// Random module lists → `Mediator(searchModules:)` and `searchModules`: they read back as
    /// set; a `Target_` type is discovered only through a module named exactly as its own;
    /// registered targets answer whatever the list; a cached discovered target goes with the list.
    @Test func searchModulesOfAnyTextFindOnlyTheModuleNamedExactly() {
        var random = SeededRandom(seed: 0x5EA2_C400)
        let names = [
            "URLRouterTests", "urlroutertests", "URLRouterTests.", " URLRouterTests", "URLRouterTests\u{0}",
            "URLRouter",
            "Swift", "__C", "", "1URLRouterTests", "URLRouterTests\u{301}", "URLRouterTests.Target_EntryFound",
        ]
        for index in 0..<400 {
            let list = (0..<random.next(4)).map { _ in random.chance(2) ? random.pick(names) : random.hostileText() }
            let mediator = random.chance(2) ? Mediator(searchModules: list) : probeMediator()
            mediator.searchModules = list
            mediator.register(ProbeTarget.self)
            let label = "case \(index): \(list)"
            #expect(mediator.searchModules == list, "\(label)")
            let found = list.contains("URLRouterTests")
            let target = random.pick(["EntryFound", "DiscoStruct"])
            let action = target == "EntryFound" ? "echo" : "kind"
            let result = mediator.performResult(target: target, action: action, cacheTarget: true)
            #expect((Outcome(result) != .failure(.targetNotFound)) == found, "\(label): \(target) gave \(result)")
            #expect((try? mediator.performResult(target: "Probe", action: "ping").get()) as? String == "Probe.ping")
            mediator.searchModules = list.filter { $0 != "URLRouterTests" }
            #expect(!mediator.releaseCachedTarget(target), "\(label): a cached target outlived its module")
            #expect(Outcome(mediator.performResult(target: target, action: action)) == .failure(.targetNotFound))
        }
    }

    /// Random entries in `allowedExternalSchemes` and `allowedExternalHosts`, and URLs of many
    /// schemes and hosts → `explain(_:source: .external)`: refused exactly as the documented
    /// reading predicts: an entry is compared in ASCII case, so one that is no scheme or host
    /// name allows nothing.
    @Test(arguments: 0..<4)
    func externalAllowListsOfAnyTextAllowOnlyWhatTheyName(batch: UInt64) {
        var random = SeededRandom(seed: 0xA110_0000 + batch)
        let schemes = [
            "shop", "SHOP", "k", "K", "\u{212A}", "s\u{301}hop", "shop:", "", " shop", "https", "HTTP", "x-app+1.v",
            "é", "İ", "i",
        ]
        let hosts = [
            "example.com", "EXAMPLE.com", "example.com.", "ex%61mple.com", "\u{212A}.com", "k.com", "user@example.com",
            "example.com:443", "", "xn--caf-dma.example", "a..b",
        ]
        for index in 0..<150 {
            func entries(_ known: [String]) -> Set<String> {
                Set((0..<random.next(4)).map { _ in random.chance(3) ? random.hostileText() : random.pick(known) })
            }
            let allowedSchemes = random.chance(4) ? nil : entries(schemes)
            let allowedHosts = random.chance(2) ? nil : entries(hosts)
            let router = Router(
                options: .init(allowedExternalSchemes: allowedSchemes, allowedExternalHosts: allowedHosts))
            for _ in 0..<10 {
                let url =
                    random.pick(schemes + ["1x", "x-APP+1.V", "httpS"]) + random.pick([":", "://", ":///"])
                    + random.pick(hosts + [random.hostileText()]) + random.pick(["/item/1", "", "?q=1#f"])
                let refused = router.explain(url, source: .external).refusal != nil
                let expected = Self.refusedByLists(url, schemes: allowedSchemes, hosts: allowedHosts)
                let lists =
                    "schemes \(allowedSchemes.map { "\($0)" } ?? "any"), hosts \(allowedHosts.map { "\($0)" } ?? "-")"
                #expect(refused == expected, "seed \(batch), case \(index): \(url.debugDescription), \(lists)")
            }
        }
    }

    /// Random file names under a missing directory, and web URLs → `loadRouteTable(from: URL)`:
    /// `.invalidRouteTable`, on one line, naming the path; the routes stay as they were.
    @Test func routeTableFilesThatCannotBeReadAreRefusedOnOneLine() throws {
        var random = SeededRandom(seed: 0xF11E_0000)
        let router = Router()
        try router.register("keep://x") { _ in }
        let before = router.routes
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-directory-7e1b")
        for index in 0..<300 {
            let name = random.hostileText()
            let web = random.chance(4)
            let file = (web ? URL(string: "https://example.com/")! : missing).appendingPathComponent(name)
            let label = "case \(index): \(name.debugDescription)"
            let error = caught { try router.loadRouteTable(from: file, on: Mediator()) }
            #expect(error?.code == .invalidRouteTable, "\(label): \(String(describing: error))")
            let message = error?.message ?? ""
            #expect(!message.unicodeScalars.contains(where: breaksLines), "\(label): \(message.debugDescription)")
            #expect(mentions(message, web ? file.absoluteString : file.path), "\(label): \(message.debugDescription)")
            #expect(router.routes == before, "\(label)")
        }
    }

    /// Random rule text → `RemotePolicy.ActionRule(stringLiteral:)`: split at the first `/` (by
    /// scalar), printed back as written; as the only allowed or denied rule of a policy, with or
    /// without a scheme list, a mediator URL naming its action runs or is refused as the reference
    /// reading of the policy predicts.
    @Test func actionRulesOfAnyTextReadAsWrittenAndDecideAsTheyRead() {
        var random = SeededRandom(seed: 0xAC71_0000)
        for index in 0..<1500 {
            let text = random.chance(3) ? "Probe/" + random.hostileText() : random.hostileText()
            let rule = RemotePolicy.ActionRule(stringLiteral: text)
            let scalars = Array(text.unicodeScalars)
            let slash = scalars.firstIndex(of: "/")
            let target = slash.map { String(String.UnicodeScalarView(scalars[..<$0])) }
            let action = slash.map { String(String.UnicodeScalarView(scalars[($0 + 1)...])) } ?? text
            let label = "case \(index): \(text.debugDescription)"
            #expect(rule.target == target && rule.action == action && rule.description == text, "\(label)")
            var policy = ReferencePolicy(&random)
            policy.schemes = random.chance(2) ? [random.pick(["app", "APP", "k", "\u{212A}", "\u{212A}", "é"])] : nil
            policy.targets = nil
            let entry = (target: target, action: action, literal: true)
            (policy.allowed, policy.denied) = random.chance(2) ? ([entry], []) : (nil, [entry])
            let url =
                random.pick(["app", "k", "K"]) + "://"
                + random.pick(["Probe", "Bare", percentEncoded(target ?? "Probe")]) + "/"
                + percentEncoded(random.chance(4) ? "ping" : action)
            let expected = policy.expectation(for: url)
            let actual = ProbeRecord.perform(url, on: probeMediator(policy.remotePolicy))
            #expect(
                actual.outcome == expected.outcome && actual.ran == expected.ran,
                "\(label): \(url) \(policy) gave \(actual)")
        }
    }

    /// Random values and leftover parameters of any name → `url(for:parameters:)` → `match`: the
    /// URL gives every value back byte for byte, leftovers (but `*` and `**`) as query items; a
    /// refusal is an empty or dot-segment `id`.
    @Test(arguments: 0..<4)
    func leftoverParametersOfAnyNameReadBackAsQueryItems(batch: UInt64) throws {
        var random = SeededRandom(seed: 0x9E7E_0000 + batch)
        let router = Router(options: .init(formDecoding: batch % 2 == 1))
        try router.register("app://item/:id") { _ in }
        for index in 0..<300 {
            let id = random.chance(20) ? random.pick(["", ".", ".."]) : random.hostileText()
            var parameters = ["id": id]
            for _ in 0..<random.next(4) { parameters[random.hostileText()] = random.hostileText() }
            let label = "seed \(batch), case \(index): \(parameters)"
            let url: String
            do throws(RouteError) {
                url = try router.url(for: "app://item/:id", parameters: parameters)
            } catch {
                #expect(error.code == .invalidParameter && ["", ".", ".."].contains(id), "\(label): \(error)")
                continue
            }
            let match = try #require(router.match(url), "\(label): \(url) matches nothing")
            #expect(match.parameters.path["id"].map { Array($0.utf8) } == Array(id.utf8), "\(label): \(url)")
            let items = match.parameters.queryItems.map { [Array($0.name.utf8), Array($0.value.utf8)] }
            // `*` and `**` print only where the pattern has them; they are never query items.
            let leftovers = parameters.filter { !["id", "*", "**"].contains($0.key) }.map {
                [Array($0.key.utf8), Array($0.value.utf8)]
            }
            #expect(
                items.sorted { $0.lexicographicallyPrecedes($1) { $0.lexicographicallyPrecedes($1) } }
                    == leftovers.sorted { $0.lexicographicallyPrecedes($1) { $0.lexicographicallyPrecedes($1) } },
                "\(label): \(url)")
        }
    }

    /// Found by `externalAllowListsOfAnyTextAllowOnlyWhatTheyName` (seed 0, case 15: `k://?q=1#f`
    /// against `["shop:", "\u{212A}", "İ"]`) and the action-rule property: the Kelvin sign, which
    /// Unicode lowercases to `k`, in a router's or a remote policy's scheme list allowed `k`.
    @Test func aSchemeEntryThatIsNoSchemeAllowsNothing() throws {
        let router = Router(options: .init(allowedExternalSchemes: ["shop:", "\u{212A}", "İ", "SHOP"]))
        try router.register("k://**") { _ in }
        try router.register("shop://**") { _ in }
        #expect(!router.canOpen("k://?q=1#f", source: .external) && router.canOpen("k://x"))
        #expect(router.canOpen("Shop://x", source: .external))
        let refusing = probeMediator(RemotePolicy(allowedSchemes: ["\u{212A}"]))
        #expect(ProbeRecord.perform("k://Probe/ping", on: refusing).outcome == .failure(.refused))
        let allowing = probeMediator(RemotePolicy(allowedSchemes: ["K"]))
        #expect(ProbeRecord.perform("k://Probe/ping", on: allowing).ran == ["Probe.ping"])
    }

    /// The documented reading of the lists, scalar by scalar: a web link, when there is a host
    /// list, by its raw host (https, a host name, listed); any other URL by its scheme, when
    /// there is a scheme list.
    static func refusedByLists(_ url: String, schemes: Set<String>?, hosts: Set<String>?) -> Bool {
        let lowered = { (text: String.UnicodeScalarView.SubSequence) in
            String(
                String.UnicodeScalarView(text.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value | 0x20)! : $0 }))
        }
        let scalars = url.unicodeScalars
        let colon = scalars.firstIndex(of: ":")
        let head = scalars[..<(colon ?? scalars.startIndex)]
        let isScheme =
            head.first.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } == true
            && head.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "+-.".unicodeScalars.contains($0)
            }
        let scheme = isScheme ? lowered(head) : ""
        if let hosts, scheme == "http" || scheme == "https", let colon {
            let raw = scalars[scalars.index(after: colon)...].drop { $0 == "/" }.prefix {
                !"/?#".unicodeScalars.contains($0)
            }
            let host = lowered(raw)
            return scheme != "https" || !LinkOrigin.isHostName(host)
                || !hosts.map { lowered($0.unicodeScalars[...]) }.contains(host)
        }
        guard let schemes else { return false }
        return !schemes.map { lowered($0.unicodeScalars[...]) }.contains(scheme)
    }
}

/// Whether `scalar` is a control character (C0, DEL, C1) or a line or paragraph separator.
private func breaksLines(_ scalar: Unicode.Scalar) -> Bool {
    [.control, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
}

/// Every byte but ASCII letters and digits as `%XX`.
private func percentEncoded(_ text: String) -> String {
    text.utf8.map { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
    }.joined()
}

extension SeededRandom {
    static let hostile = [
        "\u{0}", "\t", "\n", "\r\n", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{202E}", "%", "%00", "%0A", "%zz",
        "%C3%A9", "%FF", "\u{301}", "e\u{301}", "😀", "👩‍👩‍👧", "家", "/", "?", "#", ":", "<", ">", "(", ")", "*",
        "**", "@", "&", "=", " ", "\"", "\\", ".", "..", "a", "Z", "0", "_", "-",
    ]

    /// Hostile text: pieces of `hostile`, a long run of one, or random bytes read as UTF-8.
    mutating func hostileText() -> String {
        switch next(8) {
        case 0: String(decoding: (0..<next(24)).map { _ in UInt8(truncatingIfNeeded: next()) }, as: UTF8.self)
        case 1: String(repeating: pick(Self.hostile), count: 1 + next(80))
        default: text(Self.hostile, pieces: 6)
        }
    }
}
