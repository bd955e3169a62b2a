// swift-format-ignore-file
// The README shows these snippets as written: aligned comments, long lines.
import Testing
import URLRouter

/// The README's first example, run, with the output the README shows under it.
@Suite("README: the first example")
struct FirstExampleTests {
    @Test func printsWhatTheReadmeShows() async throws {
        let printed = try await capturingPrints {
            let router = Router()

            try router.register("shop://item/:id<int>") { request in
                print("item", request.parameters["id"]!, "from", request.parameters["ref"] ?? "-")
                request.complete("item page")
            }
            try router.registerObject("shop://search/**") { request in
                request.wildcard.joined(separator: " > ")
            }

            router.open("shop://item/42?ref=home") { result in
                print(result)
            }
            print(router.object(for: "shop://search/toys/lego%20sets") ?? "nil")
            print(router.canOpen("shop://item/abc"))
            print(try router.url(for: "shop://item/:id<int>", parameters: ["id": "7", "ref": "mail"]))
        }
        #expect(printed == """
            item 42 from home
            success(Optional("item page"))
            toys > lego sets
            false
            shop://item/7?ref=mail

            """)
    }
}
