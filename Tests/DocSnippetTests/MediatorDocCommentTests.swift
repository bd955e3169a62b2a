// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// The Shop module of the doc comments, here a namespace.
private enum ShopModule {
    public struct Target_Shop: MediatorTarget {
        public init() {}
        public var actions: [String: MediatorAction] {
            [
                "itemView": { params in ItemView(id: params["id"] as? Int ?? 0) },
                "notFound": { params in "Shop has no \(params[Mediator.missingActionKey] ?? "")" },
            ]
        }
    }

    /// A target whose fallback returns the missing action's name.
    struct Target_Help: MediatorTarget {
        var actions: [String: MediatorAction] {
            [Mediator.notFoundAction: { params in params[Mediator.missingActionKey] }]
        }
    }

    /// The same, with the name read as a `String`.
    struct Target_Search: MediatorTarget {
        var actions: [String: MediatorAction] {
            [Mediator.notFoundAction: { params in
                let missing = params[Mediator.missingActionKey] as? String
                return missing.map { "no action \($0)" }
            }]
        }
    }

    struct Target_Ping: MediatorTarget {
        var actions: [String: MediatorAction] { ["ping": { _ in "pong" }] }
    }
}

/// The app's error reporting: here it prints.
private func report(_ target: String, _ action: String) { print("report", target, action) }

/// The doc comments of Mediator, MediatorTarget and MediatorAction, and of the mediator's
/// cache and remote calls.
@Suite("Doc comments: Mediator")
struct MediatorDocCommentTests {
    private typealias Target_Shop = ShopModule.Target_Shop

    @Test func registerAndPerform() {
        let mediator = Mediator(searchModules: ["Shop", "Account"])
        mediator.register(Target_Shop.self)
        let view = mediator.perform(target: "Shop", action: "itemView", params: ["id": 42]) as? ItemView
        #expect(view == ItemView(id: 42))
        #expect(mediator.searchModules == ["Shop", "Account"])
    }

    /// The shared mediator's search list is set and put back.
    @Test func theSharedMediator() {
        let saved = Mediator.shared.searchModules
        defer { Mediator.shared.searchModules = saved }
        Mediator.shared.searchModules = ["Shop", "Account"]
        #expect(Mediator.shared.searchModules == ["Shop", "Account"])
    }

    @Test(arguments: [
        (true, "show ItemView(id: 42, referrer: nil)\n"),
        (false, "No target \"Shop\" for action \"itemView\": "),
    ])
    func performResultTellsWhatHappened(registered: Bool, printedStart: String) async {
        let mediator = Mediator()
        if registered { mediator.register(Target_Shop.self) }
        let printed = await capturingPrints {
            switch mediator.performResult(target: "Shop", action: "itemView", params: ["id": 42]) {
            case .success(let value): show(value)
            case .failure(let error): print(error)   // No target "Shop" for action "itemView": ...
            }
        }
        #expect(printed.hasPrefix(printedStart), "\(printed)")
    }

    /// The handler is told about a call that found no target, or no action and no fallback.
    @Test func noTargetHandlers() async {
        let mediator = Mediator()
        mediator.register(ShopModule.Target_Ping.self)
        let printed = await capturingPrints {
            mediator.noTargetHandler = { target, action, _ in log("no \(target).\(action)") }
            mediator.perform(target: "Shop", action: "itemView")
            mediator.perform(target: "Ping", action: "pong")
            mediator.noTargetHandler = { target, action, params in report(target, action) }
            mediator.perform(target: "Shop", action: "itemView")
        }
        #expect(printed == "no Shop.itemView\nno Ping.pong\nreport Shop itemView\n")
    }

    /// A target's `notFound` action gets the missing action's name.
    @Test func theFallbackAction() {
        let mediator = Mediator()
        mediator.register(ShopModule.Target_Help.self)
        mediator.register(ShopModule.Target_Search.self)
        mediator.register(Target_Shop.self)
        #expect(Mediator.notFoundAction == "notFound")
        #expect(Mediator.missingActionKey == "mediator.missingAction")
        #expect(mediator.perform(target: "Help", action: "faq") as? String == "faq")
        #expect(mediator.perform(target: "Search", action: "recent") as? String == "no action recent")
        #expect(mediator.perform(target: "Shop", action: "checkout") as? String == "Shop has no checkout")
        #expect(mediator.perform(target: "Ping", action: "ping") == nil)
    }

    @Test func actionsAndTargets() async {
        let itemView: MediatorAction = { params in ItemView(id: params["id"] as? Int ?? 0) }
        #expect(itemView(["id": 7]) as? ItemView == ItemView(id: 7))
        #expect(itemView([:]) as? ItemView == ItemView(id: 0))

        let values = await evaluate {
            Target_Shop.targetName   // "Shop"
        }
        #expect(values.first as? String == "Shop")

        struct Entry: MediatorTarget { static let targetName = "Shop"; var actions: [String: MediatorAction] { [:] } }
        #expect(Entry.targetName == "Shop")
        let mediator = Mediator()
        mediator.register(ShopModule.Target_Ping.self)
        #expect(mediator.perform(target: "Ping", action: "ping") as? String == "pong")
    }

    @Test func releasingACachedTarget() async throws {
        let mediator = Mediator()
        mediator.register(Target_Shop.self)
        let values = await evaluate {
            mediator.perform(target: "Shop", action: "itemView", cacheTarget: true)
            mediator.releaseCachedTarget("Shop")   // true
        }
        try #require(values.count == 2)
        #expect(values.last as? Bool == true)
        #expect(mediator.releaseCachedTarget("Shop") == false)
    }

    /// A URL call prints its error, if any: none when the policy lets the scheme through and
    /// the target exists.
    @Test(arguments: [
        (true, ""),
        (false, "No target \"Shop\" for action \"itemView\": "),
    ])
    func remoteCalls(registered: Bool, printedStart: String) async {
        let mediator = Mediator()
        if registered { mediator.register(Target_Shop.self) }
        let printed = await capturingPrints {
            mediator.remotePolicy = RemotePolicy(allowedSchemes: ["myapp"])
            mediator.perform(url: "myapp://Shop/itemView?id=42") { result in
                if case .failure(let error) = result { print(error) }
            }
        }
        #expect(printed.hasPrefix(printedStart) && (registered == printed.isEmpty), "\(printed)")
        // A scheme the policy does not list is refused.
        if case .failure(let error) = mediator.perform(url: "other://Shop/itemView?id=42") {
            #expect(error.code == .refused)
        } else {
            Issue.record("a URL of another scheme was performed")
        }
    }
}
