// swift-format-ignore-file
// The README shows these snippets as written: aligned comments, long lines.
import Testing
import URLRouter

// In module Shop: the target "Shop", the type's name after "Target_".
public struct Target_Shop: MediatorTarget {
    public init() {}
    public var actions: [String: MediatorAction] {
        [
            "itemView": { params in
                // Local callers pass an Int, URLs a String.
                guard let id = params["id"] as? Int ?? (params["id"] as? String).flatMap({ Int($0) }) else { return nil }
                return ItemView(id: id, referrer: params["ref"] as? String)
            },
        ]
    }
}

/// The README's Target-Action and bridge examples, run.
@Suite("README: Target-Action and the bridge")
struct TargetActionTests {
    @Test func printsWhatTheReadmeShows() async throws {
        let printed = try await capturingPrints {
            let mediator = Mediator()                  // or Mediator.shared
            mediator.register(Target_Shop.self)        // or Mediator(searchModules: ["Shop"]) finds it by name
            print(mediator.perform(target: "Shop", action: "itemView", params: ["id": 42]) ?? "nil")

            let router = Router()
            try router.register("shop://item/:id", target: "Shop", action: "itemView", on: mediator)
            print(router.object(for: "shop://item/7?ref=mail") ?? "nil")

            try router.loadRouteTable(from: """
                [{"pattern": "shop://product/:id", "target": "Shop", "action": "itemView"}]
                """, on: mediator)
            print(router.object(for: "shop://product/8") ?? "nil")

            mediator.remotePolicy = RemotePolicy(allowedSchemes: ["myapp"], allowedActions: ["Shop/itemView"])
            mediator.perform(url: "myapp://Shop/itemView?id=9") { result in print((try? result.get()) ?? "nil") }
        }
        #expect(printed == """
            ItemView(id: 42, referrer: nil)
            ItemView(id: 7, referrer: Optional("mail"))
            ItemView(id: 8, referrer: nil)
            ItemView(id: 9, referrer: nil)

            """)
    }
}
