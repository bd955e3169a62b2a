// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Foundation
import Testing
import URLRouter

/// The doc comments of Router and RouteInfo, of the router's options and limits, and of
/// deferred opens, `value(opening:)` and the Foundation `URL` forms.
@Suite("Doc comments: Router")
struct RouterDocCommentTests {
    @Test func theRouter() async throws {
        var values: [Any] = []
        let printed = try await capturingPrints {
            values = try await evaluate {
                let router = Router()
                try router.register("shop://item/:id<int>") { request in
                    print("item", request.parameters["id"]!)          // item 42
                    request.complete("shown")
                }
                router.open("shop://item/42?ref=home")                  // true
            }
        }
        #expect(values.first as? Bool == true)
        #expect(printed == "item 42\n")
    }

    @Test func registerAndList() async throws {
        let router = Router(options: .init(formDecoding: true))
        try router.register("shop://item/:id", priority: 10) { request in
            request.complete(request.parameters["id"])
        }
        try router.registerObject("shop://item/:id/view") { request in
            ItemView(id: request.parameters["id"]!)
        }
        let view = router.object(for: "shop://item/42/view") as? ItemView
        #expect(view == ItemView(id: 42))

        // The router decodes forms: a + in the query is a space.
        try router.register("shop://search") { request in request.complete(request.parameters["q"]) }
        #expect(router.object(for: "shop://search?q=red+shoes") as? String == "red shoes")

        try router.register("product/:id", origins: [.scheme("shop"), .web("shop.example.com")]) { _ in }
        let printed = await capturingPrints {
            for route in router.routes { print(route.pattern, route.priority) }
            for route in router.routes { print(route.originPatterns.joined(separator: ", ")) }
        }
        #expect(printed == """
            shop://item/:id 10
            shop://item/:id/view 0
            shop://search 0
            product/:id 0
            shop://item/:id
            shop://item/:id/view
            shop://search
            shop://product/:id, https://shop.example.com/product/:id

            """)
    }

    @Test func aParameterTypeOfYourOwn() throws {
        let router = Router()
        try router.register(RouteParameterType("slug") { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "-" } })
        try router.register("blog://post/:title<slug>") { _ in }
        #expect(router.canOpen("blog://post/hello-world"))
        #expect(!router.canOpen("blog://post/hello_world"))
    }

    /// True if it was registered; routes that continue it stay.
    @Test(arguments: [true, false])
    func deregister(registered: Bool) async throws {
        let router = Router()
        if registered { try router.register("shop://item/:name") { _ in } }
        try router.register("shop://item/:id/view") { _ in }
        let values = await evaluate {
            router.deregister("shop://item/:id")   // true if it was registered
            for route in router.routes { router.deregister(route.pattern, origins: route.origins) }
        }
        #expect(values.first as? Bool == registered)
        #expect(router.routes.isEmpty)
    }

    /// One route under a custom scheme and a web host.
    @Test func registerWithOrigins() throws {
        let router = Router()
        try router.register("shop://item/:id", priority: 10) { request in
            request.complete(request.parameters["id"])
        }
        try router.register("page/:name", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
            request.complete(request.parameters["name"])    // shop://page/faq and https://shop.example.com/page/faq
        }
        #expect(router.object(for: "shop://page/faq") as? String == "faq")
        #expect(router.object(for: "https://shop.example.com/page/faq") as? String == "faq")
        #expect(router.routes.map(\.description) == ["shop://item/:id (priority 10)", "page/:name [shop, https://shop.example.com]"])
    }

    @Test func theTrie() async throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        let printed = await capturingPrints {
            print(router)
            // shop://
            //   item
            //     : → shop://item/:id
        }
        #expect(printed == """
            shop://
              item
                : → shop://item/:id

            """)
    }

    @Test func options() async throws {
        do {
            let router = Router(options: .init(caseInsensitivePaths: true, formDecoding: true))
            try router.register("shop://help") { _ in }
            #expect(router.canOpen("shop://Help"))
        }

        // Asked again once a route serves both hosts: the one outside the list stays refused.
        let values = try await evaluate {
            let router = Router(options: .init(allowedExternalSchemes: ["shop"], allowedExternalHosts: ["shop.example.com"]))
            router.canOpen("https://shop.example.com/item/42", source: .external)   // if a route takes it
            router.canOpen("https://evil.example.net/item/42", source: .external)   // false
            try router.register("item/:id", origins: [.web("shop.example.com"), .web("evil.example.net")]) { _ in }
            router.canOpen("https://shop.example.com/item/42", source: .external)
            router.canOpen("https://evil.example.net/item/42", source: .external)
        }
        #expect(values.map { $0 as? Bool } == [false, false, true, false])

        let limits = Router.Limits(maxURLLength: 64 * 1024)
        #expect(limits.maxURLLength == 65_536 && Router.Limits().maxURLLength == 16_384)
    }

    @Test func deferredOpens() async throws {
        let router = Router()
        let handled = Recorded(0)
        try router.register("shop://item/:id") { _ in handled.update { $0 += 1 } }
        let values = await evaluate {
            router.isReady = false
            router.open("shop://item/42")     // false: queued
            router.isReady = true             // the handler runs now
        }
        #expect(values.first as? Bool == false)   // no handler ran during the open
        #expect(handled.value == 1)
    }

    @Test func awaitingTheValue() async throws {
        let router = Router()
        try router.register("shop://item/:id") { request in
            Thread.detachNewThread { request.complete(request.parameters["id"]) }   // completes later, elsewhere
        }
        do {
            let value = try await router.value(opening: "shop://item/42")
            #expect(value as? String == "42")
        }
        do {
            let value = try await router.value(opening: URL(string: "shop://item/42")!)
            #expect(value as? String == "42")
        }
    }

    @Test func foundationURLs() throws {
        let router = Router()
        let opened = Recorded(0)
        try router.register("shop://item/:id") { _ in opened.update { $0 += 1 } }
        router.open(URL(string: "shop://item/42")!)
        #expect(opened.value == 1)
    }
}
