// swift-format-ignore-file
// The README shows these snippets as written: aligned comments, long lines.
import Testing
import URLRouter

/// The README's web links, run.
@Suite("README: web links")
struct WebLinksTests {
    @Test func printsWhatTheReadmeShows() async throws {
        let printed = try await capturingPrints {
            let router = Router()
            try router.register("item/:id", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
                request.complete(request.parameters["id"])
            }
            print(router.object(for: "https://SHOP.example.com/item/42") ?? "nil")   // 42
            print(router.canOpen("https://shop.example.com.evil.net/item/42"))      // false
            print(try router.url(for: "item/:id", parameters: ["id": "7"], origin: .web("shop.example.com")))
        }
        #expect(printed == """
            42
            false
            https://shop.example.com/item/7

            """)
    }
}
