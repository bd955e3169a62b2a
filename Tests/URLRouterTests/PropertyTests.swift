import Testing

@testable import URLRouter

/// Properties checked over thousands of generated cases. The generator is seeded, so every run
/// checks the same cases, and a failure names the seed and case that show it.
struct PropertyTests {
    /// Random patterns and values → `url(for:parameters:)` → `match`: the pattern wins and every
    /// value comes back, from the path or the query; `**` gives back its path.
    @Test(arguments: 0..<8)
    func generatedURLsGiveTheirValuesBack(batch: UInt64) throws {
        var random = SeededRandom(seed: 0xC0FFEE + batch)
        var checked = 0
        for index in 0..<300 {
            let example = GeneratedPattern(&random)
            let router = Router(options: .init(caseInsensitivePaths: random.chance(4), formDecoding: random.chance(2)))
            let label = "seed \(batch), case \(index): \(example.text) with \(example.parameters)"
            do {
                try router.register(example.text) { _ in }
            } catch {
                #expect(error.message.contains("ambiguous"), "\(label): \(error)")
                continue
            }
            let url: String
            do {
                url = try router.url(for: example.text, parameters: example.parameters)
            } catch {
                // Only optional groups can make a URL read back differently; generation says so.
                // `.` and `..` are refused as path segments.
                let dotted = example.parameters.values.contains {
                    $0.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == "." || $0 == ".." }
                }
                #expect(
                    example.text.contains("(") && error.message.contains("would not give its values back")
                        || dotted && error.message.contains("is a dot segment"),
                    "\(label): \(error)")
                continue
            }
            let match = try #require(router.match(url), "\(label) → \(url) matches nothing")
            #expect(match.pattern == example.text, "\(label) → \(url)")
            for (name, value) in example.parameters where name != "*" && name != "**" {
                #expect(match.parameters[name] == value, "\(label) → \(url): \(name)")
            }
            if example.hasCatchAll {
                let path = example.parameters["**", default: ""].unicodeScalars.split(separator: "/").map {
                    String(Substring($0))
                }
                #expect(match.wildcard == path, "\(label) → \(url): **")
            }
            checked += 1
        }
        #expect(checked > 250, "too few cases checked for the property to mean much")
    }

    /// Random URLs against a fixed table: nothing crashes, `canOpen` equals what `open` returns,
    /// `match` agrees, the completion runs exactly once before `open` returns, and the handler
    /// sees the pattern `match` named.
    @Test(arguments: 0..<8)
    func randomURLsAreRoutedConsistently(batch: UInt64) {
        var random = SeededRandom(seed: 0xBADC0DE + batch)
        let router = Self.table
        var routed = 0
        for index in 0..<400 {
            let url = random.url()
            let label = "seed \(batch), case \(index): \(url)"
            let canOpen = router.canOpen(url)
            let match = router.match(url)
            #expect((match != nil) == canOpen, "\(label)")
            let outcomes = Locked<[String]>([])
            let opened = router.open(url) { result in
                outcomes.withLock { $0.append((try? result.get()) as? String ?? "failure") }
            }
            #expect(opened == canOpen, "\(label)")
            #expect(outcomes.withLock { $0 } == [match?.pattern ?? "failure"], "\(label)")
            if let match {
                _ = match.parameters.dictionary
                _ = match.parameters.queryItems
                _ = (match.fragment, match.wildcard)
                routed += 1
            }
        }
        #expect(routed > 60, "too few URLs routed for the property to mean much")
    }

    /// Handlers that complete with the pattern they were registered for.
    static let table: Router = {
        let router = Router()
        for pattern in [
            "shop://item/:id", "shop://item/:id<int>/edit", "shop://item/new", "shop://item/:id.html",
            "shop://files/**", "shop://a/:x/c", "shop://a/b/d", "shop://cat/*/list", "/about",
            "/:lang/home(/:tab)", "tel:/:number", "shop://",
        ] {
            try! router.register(pattern) { request in
                request.complete(request.pattern == pattern ? pattern : "handler of \(pattern) saw \(request.pattern)")
            }
        }
        return router
    }()
}

/// A pattern built by the pattern grammar, and values for all its placeholders.
struct GeneratedPattern {
    var text: String
    var parameters: [String: String] = [:]
    var hasCatchAll = false

    init(_ random: inout SeededRandom) {
        text = random.pick(["/", "app://", "tel:", "Shop://"])
        let count = Int.random(in: 0...5, using: &random)
        let groupStart = random.chance(3) ? Int.random(in: 0...count, using: &random) : count
        var pieces: [String] = []
        for position in 0..<count {
            let name = "p\(position)"
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                var literal = random.text(SeededRandom.literal, pieces: 3)
                if literal.hasPrefix(":") { literal = "l" + literal }
                pieces.append(literal)
            case 4, 5:
                pieces.append(":" + name)
                parameters[name] = random.text()
            case 6:
                let (type, value) = random.pick([
                    ("int", "-42"), ("double", "1.5e3"), ("bool", "true"),
                    ("uuid", "123e4567-e89b-12d3-a456-426614174000"),
                ])
                pieces.append(":\(name)<\(type)>")
                parameters[name] = value
            case 7:
                pieces.append(":" + name + random.pick([".html", "-x", "~", ".é", "\u{301}.json"]))
                parameters[name] = random.text()
            case 8:
                pieces.append("*")
                parameters["*"] = random.text()
            default:
                if position == count - 1 {
                    pieces.append("**")
                    parameters["**"] = random.text(pieces: 8)
                    hasCatchAll = true
                } else {
                    pieces.append("*")
                    parameters["*"] = random.text()
                }
            }
        }
        for (position, piece) in pieces.enumerated() {
            text += (position == groupStart ? "(/" : "/") + piece
        }
        if groupStart < count { text += ")" }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let name = "q" + random.text(pieces: 2)
            if parameters[name] == nil { parameters[name] = random.text() }
        }
    }
}
