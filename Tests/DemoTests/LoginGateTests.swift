import Foundation
import Testing

/// The Account's login gate, as a user meets it: after `account://logout`, every link to an
/// `account://` pattern the daemon gets lands on the sign-in screen, with the link in `next`.
@Suite("The login gate: signed-out account:// links reach the sign-in screen")
struct LoginGateTests {
    static let gatedLinks = [
        "account://profile/ada",
        "account://profile/ada?tab=orders&sort=new#top",
        "account://session/refresh",
        // Its own escapes, `+`, `=` and `&` come back as they were sent, not decoded.
        "account://profile/a%2Fb?q=1%2B1+2&x=%26%3D#frag",
    ]

    @Test(arguments: gatedLinks)
    func aSignedOutLinkGetsTheSignInScreen(_ link: String) throws {
        let daemon = try RunningDaemon()
        let before = try daemon.send(["--json", link])
        #expect(try ReplyLine(before.stdout.trimmingCharacters(in: .newlines)).pattern != "account://login")

        #expect(try daemon.send(["account://logout"]).status == 0)
        let after = try daemon.send(["--json", link])
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        let reply = try ReplyLine(after.stdout.trimmingCharacters(in: .newlines))
        #expect(reply.ok, "\(after.stdout)")
        #expect(reply.pattern == "account://login", "\(after.stdout)")
        let result = try #require(reply.object["result"] as? [String: Any], "\(after.stdout)")
        #expect(result["screen"] as? String == "sign-in")
        #expect(result["next"] as? String == link)
    }

    @Test func aLinkTooLongToCarryInNextGetsTheSignInScreenWithoutIt() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        #expect(try ReplyLine(client.request("OPEN account://logout")).ok)
        // 8,000 bytes on the request line; percent-encoded into `next`, 24,000: over the router's URL limit.
        let link = "account://profile/" + String(repeating: "é", count: 4_000)
        let reply = try ReplyLine(client.request("OPEN \(link)"))
        #expect(reply.ok && reply.pattern == "account://login", "\(reply.object["error"] ?? "")")
        let result = try #require(reply.object["result"] as? [String: Any])
        #expect(result["screen"] as? String == "sign-in")
        #expect(result["next"] as? String == "")
    }

    @Test func theSignInScreenAndSignOutStayOpenWhileSignedOut() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        let signedIn = try ReplyLine(client.request("OPEN shop://about")).object["result"] as? [String: Any]
        #expect(signedIn?["user"] as? String == "ada", "\(signedIn ?? [:])")
        #expect(try ReplyLine(client.request("OPEN account://logout")).ok)
        for link in ["account://login", "account://logout"] {
            let reply = try ReplyLine(client.request("OPEN \(link)"))
            #expect(reply.ok && reply.pattern == link, "\(reply.object)")
        }
        // Other schemes are not gated, and know nobody is signed in.
        #expect(try ReplyLine(client.request("OPEN shop://item/7")).pattern == "shop://item/:id<int>")
        let about = try ReplyLine(client.request("OPEN shop://about")).object["result"] as? [String: Any]
        #expect(about?["user"] as? String == "-", "\(about ?? [:])")
        // The gate goes by pattern: `account://about` reaches the scheme-less `/about`, no account route.
        #expect(try ReplyLine(client.request("OPEN account://about")).pattern == "/about")
    }
}
