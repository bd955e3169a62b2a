import Foundation
import Testing

@testable import URLRouter

extension GenerationTests {
    /// Every optional group whose placeholders are given is printed, a group inside one segment
    /// too, and the URL matches back to the same values.
    @Test(arguments: [
        ("docs://:page(.json)", ["page": "a"], "docs://a.json"),
        ("docs://:page(.json)", ["page": "a.json"], "docs://a.json.json"),
        ("shop://item(s)/:id", ["id": "4"], "shop://items/4"),
        ("shop://list(/:page)(.html)", ["page": "2"], "shop://list/2.html"),
        ("shop://list(/:page)(.html)", [:], "shop://list.html"),
    ])
    func aGroupInsideOneSegmentIsPrinted(pattern: String, parameters: [String: String], expected: String) throws {
        let router = Router()
        try router.register(pattern) { _ in }
        let url = try router.url(for: pattern, parameters: parameters)
        #expect(url == expected)
        #expect(router.match(url)?.parameters.path == parameters)
    }

    /// A value printed where other parsers find the host (the first segment after `//`) has `:`
    /// and `@` encoded, so no parser reads a port or userinfo into it; the router reads it back.
    @Test(arguments: [
        ("rv://:user/profile", "alice@evil.com", "rv://alice%40evil.com/profile"),
        ("rv://:code/view", "a:b", "rv://a%3Ab/view"),
        ("https://:sub.example.com/x", "a:1", "https://a%3A1.example.com/x"),
        ("rv://list/:item", "a:b@c", "rv://list/a:b@c"),
    ])
    func aValueInTheHostCannotPassForUserinfoOrAPort(pattern: String, value: String, expected: String) throws {
        let router = Router()
        try router.register(pattern) { _ in }
        let name = try #require(
            RoutePattern(pattern, knownTypes: { _ in true }, limits: .init()).expansions[0]
                .compactMap(\.name).first)
        let url = try router.url(for: pattern, parameters: [name: value])
        #expect(url == expected)
        #expect(router.match(url)?.parameters[name] == value)
        let foundation = try #require(URL(string: url))
        #expect(foundation.user == nil && foundation.port == nil)
    }

    /// The pattern's own host is printed as written, a port included.
    @Test func aLiteralHostWithAPortIsPrintedAsWritten() throws {
        let router = Router()
        try router.register("http://localhost:8080/item/:id") { _ in }
        let url = try router.url(for: "http://localhost:8080/item/:id", parameters: ["id": "7"])
        #expect(url == "http://localhost:8080/item/7")
        #expect(URL(string: url)?.port == 8080)
        try router.register("http://[::1]:8080/item/:id") { _ in }
        let literal = try router.url(for: "http://[::1]:8080/item/:id", parameters: ["id": "7"])
        #expect(literal == "http://[::1]:8080/item/7")
        #expect(URL(string: literal)?.host(percentEncoded: false) == "::1")
    }
}
