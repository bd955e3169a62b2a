import Testing
import URLRouter

// Discovered targets are public: a release build drops internal structs nothing references.

public struct Target_DiscoStruct: MediatorTarget {
    public init() {}
    public var actions: [String: MediatorAction] { ["kind": { _ in "struct" }] }
}

public final class Target_DiscoClass: MediatorTarget {
    public init() {}
    public var actions: [String: MediatorAction] { ["kind": { _ in "class" }] }
}

/// Its name repeats the module's words, which a compiler-made mangled name would abbreviate.
public struct Target_URLRouterTests: MediatorTarget {
    public init() {}
    public var actions: [String: MediatorAction] { ["kind": { _ in "module-named" }] }
}

/// Named like a target but not one.
public struct Target_DiscoPlain {
    public init() {}
}

public enum DiscoHolder {
    public struct Target_DiscoNested: MediatorTarget {
        public init() {}
        public var actions: [String: MediatorAction] { ["kind": { _ in "nested" }] }
    }
}

/// Discoverable by its type name, but named otherwise: it answers to its own name only.
public struct Target_DiscoAlias: MediatorTarget {
    public static var targetName: String { "DiscoStore" }
    public init() {}
    public var actions: [String: MediatorAction] { ["delete": { _ in "deleted" }] }
}

private let thisModule = "URLRouterTests"

private func kind(_ mediator: Mediator, _ target: String) -> String? {
    mediator.perform(target: target, action: "kind") as? String
}

@Suite struct MediatorDiscoveryTests {
    /// A rule written with the target's name must not be bypassed through its type name.
    @Test func discoveryFindsATargetOnlyByItsOwnName() {
        let mediator = Mediator(searchModules: [thisModule])
        mediator.remotePolicy = RemotePolicy(deniedActions: ["DiscoStore/delete"])
        #expect(mediator.perform(target: "DiscoAlias", action: "delete") == nil)
        #expect(mediator.perform(url: "app://DiscoAlias/delete").routeError?.code == .targetNotFound)
        mediator.register(Target_DiscoAlias.self)
        #expect(mediator.perform(url: "app://DiscoStore/delete").routeError?.code == .refused)
    }

    @Test(arguments: [
        ("DiscoStruct", "struct"),
        ("DiscoClass", "class"),
        ("URLRouterTests", "module-named"),
    ])
    func findsUnregisteredTargetsInASearchedModule(target: String, expected: String) {
        let mediator = Mediator(searchModules: [thisModule])
        #expect(kind(mediator, target) == expected)
    }

    @Test(arguments: [
        [String](),
        ["URLRouter"],
        ["NoSuchModule"],
        ["urlroutertests"],
    ])
    func findsNothingInModulesNotSearched(modules: [String]) {
        let mediator = Mediator(searchModules: modules)
        #expect(mediator.performResult(target: "DiscoStruct", action: "kind").routeError?.code == .targetNotFound)
    }

    /// A target's name with `-` (`my-app`) is no module name: the failure says how Swift spells it.
    @Test(arguments: [(["my-app", thisModule], "my-app"), (["Not A Module"], "Not A Module"), ([thisModule], nil)])
    func aSearchedNameThatNoModuleCanHaveIsNamedInTheFailure(modules: [String], named: String?) {
        let mediator = Mediator(searchModules: modules)
        let message = mediator.performResult(target: "Nowhere", action: "kind").routeError?.message
        let hint = named.map {
            " \"\($0)\" is no Swift module name: a module is named as its SwiftPM target, with \"_\" for \"-\" and spaces."
        }
        #expect(message?.hasSuffix(hint ?? #"public type "Target_Nowhere"."#) == true, "\(message ?? "")")
    }

    @Test func searchesModulesInOrderSkippingUnknownOnes() {
        let mediator = Mediator(searchModules: ["NoSuchModule", "Not A Module", thisModule])
        #expect(kind(mediator, "DiscoClass") == "class")
    }

    @Test(arguments: [
        "DiscoPlain",  // not a MediatorTarget
        "DiscoNested",  // nested types are not looked up
        "DiscoHolder.Target_DiscoNested",
        "URLRouterTests.Target_DiscoStruct",
        "Target_DiscoStruct",
        "discostruct",
        "Disco Struct",
        "DiscoStruct\u{0}",
        "11DiscoStructV",
        "",
        String(repeating: "A", count: 200),
    ])
    func findsNothingForOtherNames(target: String) {
        let mediator = Mediator(searchModules: [thisModule])
        #expect(mediator.performResult(target: target, action: "kind").routeError?.code == .targetNotFound)
    }

    @Test func registrationWinsOverDiscovery() {
        struct Registered: MediatorTarget {
            static var targetName: String { "DiscoStruct" }
            var actions: [String: MediatorAction] { ["kind": { _ in "registered" }] }
        }
        let mediator = Mediator(searchModules: [thisModule])
        #expect(kind(mediator, "DiscoStruct") == "struct")
        mediator.register(Registered.self)
        #expect(kind(mediator, "DiscoStruct") == "registered")
    }

    @Test func changingTheSearchListForgetsWhatWasFound() {
        let mediator = Mediator(searchModules: [thisModule])
        #expect(kind(mediator, "DiscoStruct") == "struct")
        mediator.searchModules = ["NoSuchModule"]
        #expect(kind(mediator, "DiscoStruct") == nil)
        mediator.searchModules.append(thisModule)
        #expect(mediator.searchModules == ["NoSuchModule", thisModule])
        #expect(kind(mediator, "DiscoStruct") == "struct")
    }

    @Test func discoveredTargetsCanBeCached() {
        let mediator = Mediator(searchModules: [thisModule])
        #expect(mediator.perform(target: "DiscoClass", action: "kind", cacheTarget: true) as? String == "class")
        #expect(mediator.releaseCachedTarget("DiscoClass"))
        #expect(!mediator.releaseCachedTarget("DiscoClass"))
    }
}
