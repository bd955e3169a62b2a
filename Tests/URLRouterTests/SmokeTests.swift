import Testing
@testable import URLRouter

@Test func smoke() throws {
    let router = Router()
    try router.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
    try router.register("shop://item/:id<int>/edit") { request in request.complete("edit \(request.parameters["id"]!)") }
    try router.register("shop://item/new") { request in request.complete("new") }
    try router.registerObject("/about") { _ in "about" }
    try router.registerObject("shop://files/**") { request in request.wildcard.joined(separator: "|") }
    try router.registerObject("shop://") { request in "fallback" }
    #expect(router.object(for: "shop://item/42?ref=home") as? String == "42")
    #expect(router.object(for: "shop://item/new") as? String == "new")
    #expect(router.object(for: "shop://ITEM/%34%32/edit") as? String == "edit 42")
    #expect(router.object(for: "shop://item/abc/edit") as? String == "fallback")
    #expect(router.object(for: "x://about") as? String == "about")
    #expect(router.object(for: "shop://files/a/b%2Fc/d") as? String == "a|b/c|d")
    #expect(router.match("shop://item/42?id=7&ref=x")?.parameters["id"] == "42")
    #expect(router.match("shop://item/42?id=7&ref=x")?.parameters["ref"] == "x")
    #expect(router.match("nope://x") == nil)
    print(router)
    #expect(try router.url(for: "shop://item/:id", parameters: ["id": "4 2", "ref": "mail"]) == "shop://item/4%202?ref=mail")
}
