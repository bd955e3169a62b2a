import Dispatch
import Foundation
import Testing

@testable import URLRouter

/// The app's code that runs while the router or the mediator changes its own state, or that they
/// let go of there, calls them back; none of them may find its own lock held.
@Suite struct ReentrancyTests {
    /// Runs `body` from its deinit: what a module that reports or tidies up at its end does.
    final class Module: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        deinit { body() }
    }

    struct Page: URLRoute {
        static let pattern = "page/:name"
        static let origins: [LinkOrigin] = [.scheme("app"), .web("app.example.com")]
        let name: String
    }
}

extension ReentrancyTests {
    enum Link: CaseIterable, Sendable { case plain, origin, typed }

    /// Building a link reads the router as an open does: from a batch it sees the table as it
    /// was before the batch.
    @Test(arguments: Link.allCases)
    func aBatchMayBuildLinks(link: Link) throws {
        let router = Router()
        try router.register("page/:name", origins: [.scheme("app"), .web("app.example.com")]) { _ in }
        let built = try router.update { routes in
            try routes.register("app://other") { _ in }
            switch link {
            case .plain: return try router.url(for: "app://page/:name", parameters: ["name": "home"])
            case .origin: return try router.url(for: "page/:name", parameters: ["name": "home"], origin: .scheme("app"))
            case .typed: return try router.url(for: Page(name: "home"))
            }
        }
        #expect(built == "app://page/home")
        #expect(router.match(built)?.parameters["name"] == "home")
    }
}

extension ReentrancyTests {
    /// A route, a typed route and a typed call at once, whose decoding checks its link with the
    /// router it is registered on: `init(from:)` is the app's code, run when it is registered too.
    struct Login: URLRoute, MediatorRequest {
        typealias Response = String
        static let pattern = "app://login/:next"
        static let target = "Account"
        static let action = "login"
        @TaskLocal static var router: Router?
        enum CodingKeys: String, CodingKey { case next }
        let next: String

        init(from decoder: any Decoder) throws {
            next = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .next)
            guard let router = Self.router, router.canOpen("app://\(next)"),
                try router.url(for: "app://:page", parameters: ["page": next]) == "app://\(next)"
            else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no such page")) }
        }
    }

    struct Account: MediatorTarget {
        static var targetName: String { "Account" }
        var actions: [String: MediatorAction] { ["login": Login.handler { "login, then \($0.next)" }] }
    }

    enum TypedRegistration: CaseIterable, Sendable { case route, object, request, batch }

    @Test(arguments: TypedRegistration.allCases)
    func aTypedRoutesDecodingMayCallItsRouter(registration: TypedRegistration) throws {
        let router = Router()
        let mediator = Mediator()
        mediator.register(Account.self)
        try router.register("app://:page") { _ in }
        try Login.$router.withValue(router) {
            switch registration {
            case .route: try router.register(Login.self) { login, request in request.complete("route, \(login.next)") }
            case .object: try router.registerObject(Login.self) { login, _ in "object, \(login.next)" }
            case .request: try router.register(Login.pattern, request: Login.self, on: mediator)
            case .batch:
                try router.update { routes in
                    try routes.register(Login.self) { login, request in request.complete("batch, \(login.next)") }
                }
            }
            let expected: [TypedRegistration: String] = [
                .route: "route, home", .object: "object, home", .request: "login, then home", .batch: "batch, home",
            ]
            #expect(router.object(for: "app://login/home") as? String == expected[registration])
            #expect(router.match("app://login/home", as: Login.self)?.next == "home")
            #expect(router.match("app://login/a%2Fb") == nil)  // no page "a/b": the route passes
        }
    }
}

extension ReentrancyTests {
    enum MediatorSetting: CaseIterable, Sendable { case noTargetHandler, remotePolicy }

    /// Replacing a callback lets go of the old one, and of the module it captured.
    @Test(arguments: MediatorSetting.allCases)
    func aReplacedMediatorCallbackMayCallTheMediator(setting: MediatorSetting) {
        let mediator = Mediator()
        let calls = Recorder<RouteError.Code?>()
        func set(_ module: Module?) {
            let handler: Mediator.NoTargetHandler = { _, _, _ in _ = module }
            let predicate: @Sendable (RemoteCall) -> Bool = { _ in module != nil }
            switch setting {
            case .noTargetHandler: mediator.noTargetHandler = module == nil ? nil : handler
            case .remotePolicy: mediator.remotePolicy = RemotePolicy(predicate: module == nil ? nil : predicate)
            }
        }
        set(Module { calls.record(mediator.performResult(target: "Gone", action: "ping").error?.code) })
        set(nil)
        #expect(calls.values == [.targetNotFound])
    }
}

extension ReentrancyTests {
    enum Reader: CaseIterable, Sendable { case thisThread, anotherThread }

    /// A read from a batch sees the table as it was before the batch; it never lets go of an
    /// older copy of the table, so a module that copy held may call the router from its deinit.
    @Test(arguments: Reader.allCases)
    func aReadFromABatchReleasesNothing(deregisteredOn reader: Reader) throws {
        let router = Router()
        let calls = Recorder<String>()
        try router.register("app://other") { _ in }
        try router.register("app://gone") { _ in }
        let reachOut: @Sendable () -> Void = {
            calls.record("opened \(router.open("app://other")), deregistered \(router.deregister("app://gone"))")
        }
        try router.register("app://module") { [module = Module(reachOut)] _ in _ = module }
        let worker = ThreadSnapshotTests.Worker()
        defer { worker.stop() }
        worker.run { #expect(router.open("app://module")) }  // the worker's copy holds the module
        switch reader {
        case .thisThread: worker.run { #expect(router.deregister("app://module")) }
        case .anotherThread: #expect(router.deregister("app://module"))
        }
        #expect(calls.values.isEmpty)
        worker.run {
            #expect(throws: Never.self) {
                try router.update { routes in
                    #expect(router.canOpen("app://other"))
                    try routes.register("app://new") { _ in }
                }
            }
        }
        #expect(calls.values == ["opened true, deregistered true"])
        #expect(router.routes.map(\.pattern) == ["app://other", "app://new"])
    }
}

extension ReentrancyTests {
    enum BatchDrop: CaseIterable, Sendable { case deregister, replace, replaceTyped, removeAll }

    /// A handler registered in a batch and dropped by the same batch is released after the lock,
    /// as one the batch found is: a module that deregisters its other routes from its deinit is
    /// fine in a batch too.
    @Test(arguments: BatchDrop.allCases)
    func aHandlerABatchAddsAndDropsIsReleasedAfterTheLock(drop: BatchDrop) throws {
        let router = Router()
        let calls = Recorder<String>()
        try router.register("app://other") { _ in }
        let reachOut: @Sendable () -> Void = { calls.record("deregistered \(router.deregister("app://other"))") }
        try router.update { routes in
            if drop == .replaceTyped {
                try routes.register(Page.self) { [module = Module(reachOut)] _, _ in _ = module }
            } else {
                try routes.register("app://module") { [module = Module(reachOut)] _ in _ = module }
            }
            switch drop {
            case .deregister: routes.deregister("app://module")
            case .replace: try routes.register("app://module", replacing: true) { _ in }
            case .replaceTyped: try routes.register(Page.self, replacing: true) { _, _ in }
            case .removeAll: routes.removeAll()
            }
            #expect(calls.values.isEmpty)
        }
        #expect(calls.values == ["deregistered \(drop != .removeAll)"])
    }
}

extension ReentrancyTests {
    enum LetGo: CaseIterable, Sendable { case nextRead, fifthRouter, threadExit }

    /// A thread's copy of the table may hold a deregistered handler's last reference; the copy is
    /// let go of while the thread reads a router, or exits. The module the handler captured
    /// opens links on that router and on six others from its deinit, which replaces and drops
    /// this thread's other copies meanwhile.
    @Test(arguments: LetGo.allCases)
    func aThreadsLastCopyMayCallRouters(letGo: LetGo) throws {
        let router = Router()
        let others = (0..<6).map { _ in Router() }
        let unrelated = (0..<4).map { _ in Router() }
        for other in [router] + others + unrelated { try other.register("app://other") { _ in } }
        let opened = Recorder<Bool>()
        let reachOut: @Sendable () -> Void = {
            for other in [router] + others { opened.record(other.open("app://other")) }
        }
        try router.register("app://module") { [module = Module(reachOut)] _ in _ = module }
        let worker = ThreadSnapshotTests.Worker()
        worker.run {
            for other in unrelated.prefix(3) { _ = other.match("app://other") }
            _ = router.match("app://module")
        }
        #expect(router.deregister("app://module"))
        #expect(opened.values.isEmpty)  // the worker's copy holds it
        switch letGo {
        case .nextRead: worker.run { _ = router.match("app://module") }
        case .fifthRouter: worker.run { for other in unrelated { _ = other.match("app://other") } }
        case .threadExit: break
        }
        worker.stop()
        let deadline = ContinuousClock.now + .seconds(5)
        while opened.count < 7, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(opened.values == Array(repeating: true, count: 7))
    }
}
