// swift-format-ignore-file
// The README shows these snippets as written: aligned comments, long lines.
import Testing
import URLRouter

/// The README's batch update, run.
@Suite("README: batch updates")
struct ReadmeBatchUpdateTests {
    @Test func aBatchPublishesAllOrNothing() throws {
        let router = Router()
        try router.register("shop://old") { _ in }
        try router.update { routes in
            try routes.register("shop://cart") { request in request.complete("cart") }
            try routes.registerObject("shop://item/:id<int>") { request in request.parameters.int("id") }
            routes.deregister("shop://old")
        }
        #expect(router.canOpen("shop://cart") && !router.canOpen("shop://old"))
        #expect(throws: RouteError.self) {
            try router.update { routes in
                try routes.register("shop://promo") { _ in }
                try routes.register("shop://item/:n<int>") { _ in }   // conflicts: nothing of this batch is kept
            }
        }
        #expect(!router.canOpen("shop://promo"))
    }
}
