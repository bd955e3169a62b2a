import Foundation
import Testing
import URLRouter

/// A Foundation `URL` reads as its text: a custom scheme's host as its `String` spells it, a web host in the `xn--`
/// form its origin is registered in.
@Suite(.timeLimit(.minutes(1))) struct FoundationURLHostTests {
    /// Foundation writes a non-ASCII host in its `xn--` form (`shop://家居` as `shop://xn--fctwm`); a custom scheme's
    /// host is read as its `String` is, and a web host in the `xn--` form its origin is registered in.
    @Test(arguments: ["shop://家居/1", "shop://café/2?q=é#é", "shop://%E5%AE%B6%E5%B1%85/3"])
    func aNonASCIIHostReadsAsItsStringDoes(text: String) async throws {
        let router = Router()
        try router.registerObject("shop://家居/:id") { $0.parameters["id"] }
        try router.registerObject("café/:id") { $0.parameters["id"] }
        let url = try #require(URL(string: text))
        let expected = try #require(router.object(for: text) as? String)
        #expect(router.canOpen(url), "\(url.absoluteString)")
        #expect(router.match(url)?.parameters["id"] == expected)
        #expect(router.object(for: url) as? String == expected)
        #expect(router.open(url))
        #expect(try await router.value(opening: url) as? String == expected)
        #expect(router.match(url, as: HostRoute.self)?.id == (text.contains("café") ? nil : Int(expected)))
    }

    /// Foundation maps a non-ASCII host (lowercase, composed) before the router reads it; a `String` is read as
    /// written, and a host compares case-insensitively in ASCII only (MatchingRules: register it in lowercase).
    @Test(arguments: ["shop://CAFÉ/1", "shop://cafe\u{301}/1"])
    func foundationMapsANonASCIIHostFirst(text: String) throws {
        let router = Router()
        try router.registerObject("shop://café/:id") { $0.parameters["id"] }
        let url = try #require(URL(string: text))
        #expect(router.object(for: url) as? String == "1")
        #expect(router.object(for: text) == nil)
    }

    @Test func aWebHostReadsInItsRegisteredXNForm() throws {
        let router = Router()
        try router.registerObject("p/:id", origins: [.web("xn--bcher-kva.example")]) { $0.parameters["id"] }
        try router.registerObject("shop://家居/:id") { $0.parameters["id"] }
        #expect(router.object(for: try #require(URL(string: "https://bücher.example/p/3"))) as? String == "3")
        #expect(router.object(for: try #require(URL(string: "shop://xn--fctwm/5"))) == nil)
    }

    /// A host that Foundation decodes to a prefix of its written form (`x%25` as `x%`, `%EF%BB%BF` as `""`) is read as
    /// written, so a link that `url(for:)` printed opens with the value it was printed from.
    @Test(arguments: ["100%", "%", "%25", "x%", "\u{FEFF}", "家居", "a b"])
    func aPrintedHostReadsBackThroughFoundation(name: String) throws {
        let router = Router()
        try router.registerObject("shop://:name/x") { $0.parameters["name"] }
        let link = try router.url(for: "shop://:name/x", parameters: ["name": name])
        let url = try #require(URL(string: link))
        #expect(router.match(link)?.parameters["name"] == name)
        #expect(router.match(url)?.parameters["name"] == name, "\(link) read as \(url.absoluteString)")
        #expect(router.object(for: url) as? String == name)
    }

    /// Property: any host and path value that `url(for:)` prints reads back through its text, and the same through a
    /// Foundation `URL`.
    @Test func printedLinksReadTheSameThroughFoundation() throws {
        let router = Router()
        try router.registerObject("shop://:name/:id") { "\($0.parameters["name"]!)|\($0.parameters["id"]!)" }
        let pieces = ["%", "%25", "25", "x", "é", "e\u{301}", "家", "\u{FEFF}", " ", "+", ":", "@", "?", "#", "/", "."]
        var random = SeededRandom(seed: 27)
        var checked = 0
        for _ in 0..<2_000 {
            let name = (0..<random.next(4) + 1).map { _ in random.pick(pieces) }.joined()
            let id = (0..<random.next(3) + 1).map { _ in random.pick(pieces) }.joined()
            guard let link = try? router.url(for: "shop://:name/:id", parameters: ["name": name, "id": id]),
                let url = URL(string: link)
            else { continue }
            checked += 1
            #expect(router.object(for: link) as? String == "\(name)|\(id)", "\(link)")
            #expect(router.object(for: url) as? String == router.object(for: link) as? String, "\(link)")
        }
        // Most values print (a `.` or `..` segment does not), so the checks above are not vacuous.
        #expect(checked >= 1_800, "only \(checked) links printed")
    }
}

private struct HostRoute: URLRoute {
    static let pattern = "shop://家居/:id"
    var id: Int
}
