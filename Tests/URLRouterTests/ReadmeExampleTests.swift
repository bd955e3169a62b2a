import Testing
import URLRouter

/// The README's first example, kept compiling and true.
@Test func readmeFirstExample() throws {
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

    #expect(router.match("shop://item/42?ref=home")?.pattern == "shop://item/:id<int>")
    #expect(router.object(for: "shop://search/toys/lego%20sets") as? String == "toys > lego sets")
    #expect(!router.canOpen("shop://item/abc"))
}
