import Foundation
import Testing

/// The Shop's item pages take `https://shop.example.com/…` web links as one route with their
/// `shop://` links; from outside, https is taken for that host only.
@Suite("Web links reach the Shop")
struct WebLinkTests {
    static let webItem = "https://shop.example.com/item/42?ref=web"
    static let webPattern = "https://shop.example.com/item/:id<int>"

    @Test func openRoutesAWebLinkToTheItemRoute() throws {
        for arguments in [["open", "--json", Self.webItem], ["open", "--json", "--external", Self.webItem]] {
            let result = try DeepLinkBinary.run(arguments)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let reply = try ReplyLine(result.stdout.trimmingCharacters(in: .newlines))
            #expect(reply.pattern == Self.webPattern)
            let item = try #require(reply.object["result"] as? [String: Any], "\(result.stdout)")
            #expect(item["id"] as? Int == 42 && item["referrer"] as? String == "web")
        }
        let human = try DeepLinkBinary.run(["open", "https://SHOP.example.com/item/42/view"])
        #expect(human.stdout.contains("pattern     https://shop.example.com/item/:id<int>/view\n"), "\(human.stdout)")
    }

    @Test(
        "lookalike hosts, ports, userinfo and http are not routed",
        arguments: [
            "https://shop.example.com.evil.net/item/42",
            "https://evilshop.example.com/item/42",
            "https://xn--shp-sna.example.com/item/42",
            "https://shop.example.com:443/item/42",
            "https://evil@shop.example.com/item/42",
            "https://shop.example.com./item/42",
            "http://shop.example.com/item/42",
        ])
    func lookalikesAreRefused(url: String) throws {
        let local = try DeepLinkBinary.run(["open", "--json", url])
        #expect(local.status == 1, "\(local.stdout)")
        #expect(try ReplyLine(local.stdout.trimmingCharacters(in: .newlines)).error == "not_found")
        let external = try DeepLinkBinary.run(["open", "--json", "--external", url])
        #expect(external.status == 1, "\(external.stdout)")
        #expect(try ReplyLine(external.stdout.trimmingCharacters(in: .newlines)).error == "refused")
    }

    @Test func theDaemonTakesWebLinksForTheShopHostOnly() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        let web = try ReplyLine(client.request("OPEN \(Self.webItem)"))
        #expect(web.ok && web.pattern == Self.webPattern, "\(web.object)")
        let scheme = try ReplyLine(client.request("OPEN \(DemoLinks.item)"))
        #expect(scheme.pattern == DemoLinks.itemPattern, "\(scheme.object)")
        let lookalike = try ReplyLine(client.request("OPEN https://shop.example.com.evil.net/item/42"))
        #expect(lookalike.error == "refused", "\(lookalike.object)")
        let sent = try daemon.send(["--json", "https://www.shop.example.com/item/42"])
        #expect(sent.status == 1)
        #expect(try ReplyLine(sent.stdout.trimmingCharacters(in: .newlines)).error == "refused")
    }

    @Test func routesListsTheWebPatterns() throws {
        let result = try DeepLinkBinary.run(["routes", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let web = rows.filter { ($0["pattern"] as? String)?.hasPrefix("https://") == true }
        #expect(web.compactMap { $0["pattern"] as? String } == [Self.webPattern, Self.webPattern + "/view"])
        #expect(web.allSatisfy { $0["module"] as? String == "Shop" })
    }
}
