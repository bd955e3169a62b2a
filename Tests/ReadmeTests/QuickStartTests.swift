// swift-format-ignore-file
// The README shows these snippets as written: aligned comments, long lines.
import Testing
import URLRouter

/// The README's Quick start, run, with the output the README shows under it.
@Suite("README: Quick start")
struct QuickStartTests {
    @Test func printsWhatTheReadmeShows() async throws {
        let printed = try await capturingPrints {
            let router = Router()                      // or Router.shared, one for the whole app

            // A handler completes with a value for the opener, now or later from any thread.
            try router.register("shop://item/:id<int>") { request in
                let source = request.userInfo["source"] as? String ?? "-"   // the caller's, never the URL's
                request.complete("item \(request.parameters["id"]!) from \(source)")
            }
            // An object handler returns its value.
            try router.registerObject("shop://item/:id<int>/view") { request in
                ItemView(id: request.parameters.int("id")!, referrer: request.parameters["ref"])
            }

            router.open("shop://item/42", userInfo: ["source": "push"]) { result in
                print(result)                          // Result<Any?, RouteError>, exactly once
            }
            let view = router.object(for: "shop://item/42/view?ref=mail") as? ItemView
            print(view?.referrer ?? "-")
            let value = try await router.value(opening: "shop://item/7")   // waits for a late completion
            print(value ?? "nil")
            print(router.canOpen("shop://item/42"), router.canOpen("shop://item/abc"))
            print(router.match("shop://item/42/view")?.pattern ?? "no match")
            do throws(RouteError) {
                _ = try await router.value(opening: "shop://cart")
            } catch {
                print(error.code, error)               // a RouteError
            }
        }
        #expect(printed == """
            success(Optional("item 42 from push"))
            mail
            item 7 from -
            true false
            shop://item/:id<int>/view
            notFound No route matches "shop://cart".

            """)
    }
}
