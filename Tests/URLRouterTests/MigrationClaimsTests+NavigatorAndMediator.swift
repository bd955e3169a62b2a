import Foundation
import Testing
import URLRouter

/// ComingFromOtherRouters.md for users of URLNavigator and CTMediator.
extension MigrationClaimsTests {
    // MARK: URLNavigator

    /// A value converter (`navigator.matcher.valueConverters["hex"]`) gives the handler the
    /// converted value; a typed route's field of a `Codable` type does the same.
    struct Hex: Codable, Sendable {
        var value: Int
        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let value = Int(text, radix: 16) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
            }
            self.value = value
        }
        init(_ value: Int) { self.value = value }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(String(value, radix: 16))
        }
    }

    struct ColorRoute: URLRoute {
        static let pattern = "myapp://color/:rgb"
        var rgb: Hex
    }

    @Test func navigatorValueConverterAsATypedField() throws {
        let checked = Router()
        try checked.register(RouteParameterType("hex") { Int($0, radix: 16) != nil })
        try checked.registerObject("myapp://color/:rgb<hex>") { request in request.parameters["rgb"] }
        #expect(checked.object(for: "myapp://color/ff") as? String == "ff")  // checked, not converted
        #expect(!checked.canOpen("myapp://color/zz"))
        let router = Router()
        try router.registerObject(ColorRoute.self) { color, _ in color.rgb.value }
        #expect(router.object(for: "myapp://color/ff") as? Int == 255)
        #expect(!router.canOpen("myapp://color/zz"))
        #expect(try router.url(for: ColorRoute(rgb: Hex(4095))) == "myapp://color/fff")
    }

    @Test(arguments: ["myapp://user/<int:id>", "myapp://files/<path:rest>"])
    func navigatorPlaceholderSyntaxIsRefused(_ pattern: String) {
        let error = caught { try Router().register(pattern) { $0.complete(nil) } }
        #expect(error?.code == .invalidPattern)
    }

    @Test func navigatorPatternsWritten() throws {
        let router = Router()
        try router.registerObject("myapp://f/:x<double>/:u<uuid>/:s") { request in request.parameters.dictionary }
        let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let values = router.object(for: "myapp://f/1.5/\(uuid)/a") as? [String: String]
        #expect(values == ["x": "1.5", "u": uuid, "s": "a"])
        #expect(!router.canOpen("myapp://f/x/\(uuid)/a"))
        #expect(!router.canOpen("myapp://f/1.5/not-a-uuid/a"))
        try router.registerObject("myapp://user/:id<int>") { request in request.parameters.int("id") }
        try router.registerObject("myapp://files/**") { request in request.wildcard.joined(separator: "/") }
        #expect(router.object(for: "myapp://user/42", userInfo: ["context": 1]) as? Int == 42)
        #expect(!router.canOpen("myapp://user/abc"))
        #expect(router.object(for: "myapp://files/a/b.txt") as? String == "a/b.txt")
    }

    @Test(arguments: [true, false])
    func navigatorFactoryAndHandlerOnOnePatternConflict(_ objectFirst: Bool) throws {
        let router = Router()
        let object: () throws -> Void = { try router.registerObject("myapp://user/:id") { _ in "view" } }
        let handler: () throws -> Void = { try router.register("myapp://user/:id") { $0.complete(true) } }
        try (objectFirst ? object : handler)()
        #expect(caught { try (objectFirst ? handler : object)() }?.code == .conflict)
    }

    /// A context that is a main-actor object (a view controller) is `Sendable`, so it fits `userInfo`.
    @MainActor final class Screen { var title = "home" }

    @MainActor @Test func navigatorContextIsAMainActorObject() throws {
        let router = Router()
        try router.registerObject("myapp://back") { request in request.userInfo["from"] as? Screen }
        let screen = Screen()
        #expect(router.object(for: "myapp://back", userInfo: ["from": screen]) as? Screen === screen)
    }

    @Test func navigatorHandleReturningFalseIsADecline() throws {
        let router = Router()
        try router.register("myapp://alert") { request in
            guard request.parameters["title"] != nil else { return request.decline() }
            request.complete(true)
        }
        #expect(router.open("myapp://alert?title=Hi"))
        #expect(!router.open("myapp://alert"))
    }

    // MARK: CTMediator

    struct Target_A: MediatorTarget {
        var actions: [String: MediatorAction] { ["b": { params in "b got \(params["x"] ?? "-")" }] }
    }

    @Test func ctPerformTargetActionWithCache() {
        let mediator = Mediator()
        mediator.register(Target_A.self)
        #expect(mediator.perform(target: "A", action: "b", params: ["x": 1], cacheTarget: true) as? String == "b got 1")
        #expect(!mediator.releaseCachedTarget("Target_A"))
        #expect(mediator.releaseCachedTarget("A"))
        #expect(!mediator.releaseCachedTarget("A"))
    }

    @Test func ctFullNamesAreNotFoundAndTheHandlerIsTold() {
        let mediator = Mediator()
        mediator.register(Target_A.self)
        let told = Recorder<String>()
        mediator.noTargetHandler = { target, action, _ in told.record("\(target).\(action)") }
        let fullName = mediator.performResult(target: "Target_A", action: "b")
        #expect(fullName.failureCode == .targetNotFound)
        #expect(fullName.failureMessage?.hasSuffix("A target is named without its \"Target_\" prefix.") == true)
        #expect(mediator.performResult(target: "B", action: "b").failureMessage?.contains("prefix") == false)
        #expect(mediator.performResult(target: "A", action: "Action_b").failureCode == .actionNotFound)
        #expect(told.values == ["Target_A.b", "B.b", "A.Action_b"])
    }

    @Test func ctCachedTargetStaysAfterAMissingAction() {
        let mediator = Mediator()
        mediator.register(Target_A.self)
        mediator.perform(target: "A", action: "b", cacheTarget: true)
        #expect(mediator.perform(target: "A", action: "missing") == nil)
        #expect(mediator.releaseCachedTarget("A"))
    }

    @Test(arguments: [
        ("myapp://A/b?x=1", "b got 1"), ("myapp://A/b/", "notFound"), ("myapp://A/b/c", "notFound"),
        ("myapp://A/nativeB", "refused"), ("myapp://a/b", "targetNotFound"), ("myapp://A/B", "actionNotFound"),
    ])
    func ctRemoteURLs(_ url: String, _ expected: String) {
        let mediator = Mediator()
        mediator.register(Target_A.self)
        let result = mediator.perform(url: url)
        #expect(((try? result.get()) as? String) ?? result.failureCode?.rawValue == expected)
    }

    /// "Links from outside are marked": internal-only routes and `native…` actions refuse them.
    @Test func externalLinksAreRefusedWhatIsInternal() throws {
        let router = Router()
        let mediator = Mediator()
        mediator.register(Target_A.self)
        try router.register("myapp://admin", access: .internal) { $0.complete("admin") }
        try router.register("myapp://local", target: "A", action: "nativeB", on: mediator)
        #expect(router.outcomes("myapp://admin") == [.value("admin")])
        #expect(router.outcomes("myapp://admin", source: .external) == [.failure(.refused)])
        #expect(router.outcomes("myapp://local", source: .external) == [.failure(.refused)])
        #expect(router.outcomes("myapp://local") == [.failure(.actionNotFound)])
    }
}

extension Result<Any?, RouteError> {
    fileprivate var failureCode: RouteError.Code? { failure?.code }
    fileprivate var failureMessage: String? { failure?.message }
    private var failure: RouteError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
