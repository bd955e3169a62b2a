import Testing
import URLRouter

/// A field coded `**` on a pattern with no `**`: the docs say such a field is "never a query item named `**`".
private struct StarFileRoute: URLRoute {
    static let pattern = "starless://open/*"
    var path: String?
    enum CodingKeys: String, CodingKey { case path = "**" }
}

struct TypedCatchAllWithoutWildcardTests {
    /// `files://open/*` written for `files://open/**`: registration refuses the `**` field no `**` can fill, instead
    /// of reading (and printing) a query item named `**`.
    @Test func aCatchAllFieldWithoutACatchAllIsRefusedAtRegistration() throws {
        let router = Router()
        let error = caught { try router.register(StarFileRoute.self) { _, _ in } }
        #expect(error?.code == .invalidPattern)
        #expect(
            error?.message
                == #"Invalid pattern "starless://open/*": StarFileRoute has a field coded "**", which only a "**" fills."#
        )
        #expect(router.match("starless://open/x?%2A%2A=a/b", as: StarFileRoute.self) == nil)
    }
}
