import Testing

@testable import URLRouter

private let segmentPool = [
    "item", "Item", "ITEM", "42", "-7", "1.5", "true", "1", "0", "abc", "ff", "x.html", "a.tar.gz", ".html", ".", "..",
    "%2E", "%2e%2E", "a%2Fb", "%69tem", "é", "e%CC%81", "%C3%A9", "家", "😀", "+", "a b", "%20", "%E4", "%zz",
    "123e4567-e89b-12d3-a456-426614174000", "5.json", "5-v", "v-v", "~", "x~", "a:80", "new", "edit",
    "X.HTML", "a.TAR.gz", "5.JSON", "5-V", "V-V", "X~", "NEW", "É", "%C3%89", "ff.json", "FF",
]
private let patternPool = [
    "item", "Item", "new", ":id", ":id<int>", ":n<double>", ":b<bool>", ":u<uuid>", ":h<hex>", ":page.html",
    ":name.tar.gz", ":name.gz", ":n<int>.json", ":n.json", ":v-v", "*", "%69tem", "é", "e%CC%81", ".", "..",
    ":x~", "x~", ":h<hex>.json", ":x<int>-v", "É", "NEW",
]

extension RoundTripPropertyTests {
    /// Random tables, random URLs: `explain` names the same winner as `match`, marks exactly it
    /// `.won`, and every other candidate that matched says why it lost.
    @Test(arguments: 0..<10 as Range<UInt64>)
    func explainAgreesWithMatch(batch: UInt64) throws {
        var r = SeededRandom(seed: 0xE4_0000 &+ batch &* 104_729)
        var agreed = 0, runnersUp = 0
        for round in 0..<40 {
            let router = Self.makeRouter(&r)
            var registered: [String] = []
            for _ in 0..<(3 + r.next(10)) {
                let scheme = r.pick(["app://", "APP://", "/", "tel:", "other://"])
                var text = scheme
                let count = r.next(4) + (scheme == "/" ? 1 : 0)
                for position in 0..<count {
                    var piece = r.pick(patternPool)
                    if piece.hasPrefix(":") {  // unique names
                        let name = piece.dropFirst().prefix { $0.isLetter }
                        piece = ":" + name + "\(position)" + piece.dropFirst(1 + name.count)
                    }
                    let sep = (position == 0 && text.hasSuffix("/")) ? "" : "/"
                    text += r.chance(6) ? "(" + sep + piece + ")" : sep + piece
                }
                if r.chance(5) { text += (text.hasSuffix("/") ? "" : "/") + "**" }
                if r.chance(12) { text = r.pick(["app://", "**", "tel://"]) }
                let priority = r.chance(5) ? r.pick([-1, 1, 2]) : 0
                if (try? router.register(text, priority: priority, handler: { _ in })) != nil {
                    registered.append(text)
                }
            }
            var contested: (url: String, winner: String, runnerUp: String)?
            for index in 0..<60 {
                var url = r.pick(["app://", "App://", "tel:", "tel://", "other://", "/", "x://"])
                for position in 0..<r.next(5) {
                    url += (position == 0 && url.hasSuffix("/") ? "" : r.pick(["/", "/", "//"])) + r.pick(segmentPool)
                }
                if r.chance(4) { url += "?" + r.pick(["a=1", "a+b=c+d", "x=%2B&x=2", "=", "&&q"]) }
                if r.chance(6) { url += "#" + r.pick(["f", "%20", "a+b"]) }
                let label = "batch \(batch) round \(round) case \(index): \(url.debugDescription) in \(registered)"
                let match = router.match(url)
                let explanation = router.explain(url)
                #expect(explanation.winner == match?.pattern, "\(label)\n\(explanation)")
                let won = explanation.candidates.filter { $0.verdict == .won }.map(\.pattern)
                #expect(won == (match.map { [$0.pattern] } ?? []), "\(label)\n\(explanation)")
                if let match {
                    #expect(explanation.queryItems == match.parameters.queryItems, "\(label)")
                    #expect(explanation.fragment == match.fragment, "\(label)")
                    agreed += 1
                }
                #expect(router.canOpen(url) == (match != nil), "\(label)")
                switch explanation.candidates.dropFirst().first?.verdict {
                case .lowerPriority, .laterTier, .lessSpecific, .typeTriedLater:
                    contested = (url, explanation.winner!, explanation.candidates[1].pattern)
                default: break
                }
            }
            // The first of the candidates that matched but lost is the one that wins once the winner is gone.
            if let (url, winner, runnerUp) = contested {
                #expect(router.deregister(winner), "\(winner)")
                #expect(router.match(url)?.pattern == runnerUp, "\(url.debugDescription) in \(registered)")
                runnersUp += 1
            }
        }
        #expect(agreed > 100)
        #expect(runnersUp > 10)
    }
}

extension RoundTripPropertyTests {
    /// The handler's request reads what `match` reads; `mergedParameters["**"]` is the path `**`
    /// took (a query item `**` never stands in for it).
    @Test(arguments: 0..<4 as Range<UInt64>)
    func theHandlerSeesWhatMatchSees(batch: UInt64) throws {
        var r = SeededRandom(seed: 0x4A4D_0000 &+ batch)
        var opened = 0
        var catchAlls = 0
        for index in 0..<300 {
            var example = Example(&r)
            let router = Self.makeRouter(&r)
            let seen = Locked<[String: String]?>(nil)
            let merged = Locked<String?>(nil)
            let wildcard = Locked<[String]>([])
            guard
                (try? router.register(example.pattern) { request in
                    seen.withLock { $0 = request.parameters.dictionary }
                    merged.withLock { $0 = request.mergedParameters["**"] as? String }
                    wildcard.withLock { $0 = request.wildcard }
                    request.complete(nil)
                }) != nil
            else { continue }
            if r.chance(2) { example.parameters["**"] = example.parameters["**"] ?? "x" }
            guard var url = try? router.url(for: example.pattern, parameters: example.parameters) else { continue }
            if r.chance(2) { url += (url.contains("?") ? "&" : "?") + "%2A%2A=" + r.pick(["q", "", "a/b"]) }
            let label = "batch \(batch) case \(index): \(example.pattern.debugDescription) → \(url.debugDescription)"
            let match = try #require(router.match(url), "\(label)")
            #expect(router.open(url), "\(label)")
            opened += 1
            #expect(seen.withLock { $0 } == match.parameters.dictionary, "\(label)")
            #expect(wildcard.withLock { $0 } == match.wildcard, "\(label)")
            let isCatchAll = example.isFallback || example.pattern.hasSuffix("**") || example.pattern.hasSuffix("**)")
            if isCatchAll {
                let joined = match.wildcard.joined(separator: "/")
                #expect(merged.withLock { $0 } == (joined.isEmpty ? nil : joined), "\(label)")
                catchAlls += 1
            }
        }
        // Enough examples print and open, and enough of them have a `**`, for the checks above to mean something.
        #expect(opened >= 150, "batch \(batch): only \(opened) opened")
        #expect(catchAlls >= 15, "batch \(batch): only \(catchAlls) with a catch-all")
    }
}

extension RoundTripPropertyTests {
    /// "On a route with `**` a query item named `**` never stands in for that path, not even when
    /// it took no segment": also when the combination that matched leaves the `**` out.
    @Test(arguments: ["files://open?**=evil", "files://open?%2A%2A=evil"])
    func aQueryItemNeverStandsInForTheCatchAllOfAnOptionalGroup(url: String) throws {
        let router = Router()
        let merged = Locked<[String: any Sendable]>([:])
        try router.register("files://open(/:mode/**)") { request in
            merged.withLock { $0 = request.mergedParameters }
            request.complete(nil)
        }
        #expect(router.open(url))
        #expect(merged.withLock { $0["**"] } == nil, "\(url)")
    }
}
