import Testing

@testable import URLRouter

/// Records the actions that ran, so a refused call can be shown not to have run one.
final class ActionLog: Sendable {
    static let remote = ActionLog()
    private let names = Locked<[String]>([])
    func record(_ name: String) { names.withLock { $0.append(name) } }
    var all: [String] { names.withLock { $0 } }
}

struct RemoteTarget: MediatorTarget {
    static var targetName: String { "Remote" }
    var actions: [String: MediatorAction] {
        [
            "show": { params in
                params.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "&")
            },
            "nativeSecret": { _ in
                ActionLog.remote.record("nativeSecret")
                return "secret"
            },
            "types": { params in params.values.allSatisfy { $0 is String } },
            Mediator.notFoundAction: { params in "nf:\(params[Mediator.missingActionKey] ?? "")" },
        ]
    }
}

private func remoteMediator() -> (Mediator, NoTargetLog) {
    let mediator = Mediator()
    mediator.register(RemoteTarget.self)
    let log = NoTargetLog()
    log.install(on: mediator)
    return (mediator, log)
}

/// Performs `url`, checking the completion ran once with the returned result.
private func perform(_ url: String, on mediator: Mediator) -> Outcome {
    let completions = Recorder<Outcome>()
    let result = mediator.perform(url: url) { completions.record(Outcome($0)) }
    #expect(completions.values == [Outcome(result)])
    return Outcome(result)
}

@Suite struct MediatorRemoteTests {
    @Test(arguments: [
        ("app://Remote/show?a=1&b=two", Outcome.value("a=1&b=two")),
        ("app://Remote/show", .value("")),
        ("APP://Remote/show?a=1", .value("a=1")),
        ("app://Remote/show?x=%E4%BD%A0&y=a%20b+c", .value("x=你&y=a b+c")),
        ("app://Remote/show?q=caf%C3%A9&e=%3D%26", .value("e==&&q=café")),
        ("app://Remote/show?bad=%zz&end=%&half=%4", .value("bad=%zz&end=%&half=%4")),
        ("app://Remote/show?notutf8=%FF%41", .value("notutf8=%FF%41")),
        ("app://Remote/show?a=1&a=2", .value("a=2")),
        ("app://Remote/show?flag&=x&&k=v=w", .value("=x&flag=&k=v=w")),
        ("app://Remote/show?a=1#b=2", .value("a=1")),
        ("app://Remote/show#frag?a=1", .value("")),
        ("app://Remote/sh%6Fw?a=1", .value("a=1")),
        ("app://Rem%6Fte/show?a=1", .value("a=1")),
        ("app://Remote/missing?a=1", .value("nf:missing")),
        ("app://Remote/%", .value("nf:%")),
        ("app://Remote/nat%2FiveSecret", .failure(.refused)),
        ("app://Remote/types?a=1&b=%20", .value("true")),
        ("app://Ghost/show", .failure(.targetNotFound)),
        ("app://user@Remote/show", .failure(.notFound)),  // a user or a port is no part of a target name
        ("app://Remote:80/show", .failure(.notFound)),
    ])
    func mapsURLsToLocalCalls(url: String, expected: Outcome) {
        let (mediator, _) = remoteMediator()
        #expect(perform(url, on: mediator) == expected)
    }

    /// `perform(url:)` reads a query as the router does: an action gets what `match(url)?.parameters` gives, and
    /// what the same URL hands a bridged route, empty names included.
    @Test(arguments: [
        "?=x", "?=x&=y&a=1", "?a=1&a=2", "?a", "?&&a=1", "?a=1=2", "?%61=1&a=2", "?a%3Db=c%26d&%20=+",
        "?caf%C3%A9=1&cafe%CC%81=2", "?%=1&%zz=2&%FF=3",
    ])
    func queriesReadAsTheRouterReadsThem(query: String) throws {
        let (mediator, _) = remoteMediator()
        let router = Router()
        try router.register("app://Remote/show", target: "Remote", action: "show", on: mediator)
        let url = "app://Remote/show" + query
        let parameters = try #require(router.match(url)?.parameters)
        let expected = parameters.dictionary
        #expect(expected.allSatisfy { parameters[$0.key] == $0.value })
        let shown = expected.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "&")
        #expect(perform(url, on: mediator) == .value(shown))
        #expect(router.object(for: url) as? String == shown)
    }

    @Test(arguments: [
        "app://Remote/nativeSecret",
        "app://Remote/na%74iveSecret",
        "app://Remote/%6EativeSecret",
        "app://Remote/NativeSecret",
        "app://Remote/NATIVESecret",
        "app://Remote/native",
        "app://Remote/native%CC%81Secret",
        "app://Remote/notFound",
        "app://Remote/not%46ound",
    ])
    func refusesNativeActionsAndTheFallback(url: String) {
        let (mediator, log) = remoteMediator()
        #expect(perform(url, on: mediator) == .failure(.refused))
        #expect(log.entries.isEmpty)
        #expect(!ActionLog.remote.all.contains("nativeSecret"))
    }

    @Test(arguments: [
        "app://Remote/nat/iveSecret",
        "app://Remote/show/extra",
        "app://Remote/show/",
        "app://Remote//show",
        "app://Remote/",
        "app://Remote",
        "app://Remote?a=1",
        "app:///show",
        "app:Remote/show",
        "app:/Remote/show",
        "Remote/show",
        "://Remote/show",
        "1app://Remote/show",
        "a pp://Remote/show",
        "",
        "%",
    ])
    func rejectsURLsThatAreNotOneTargetAndOneAction(url: String) throws {
        let (mediator, log) = remoteMediator()
        let error = try #require(mediator.perform(url: url).routeError)
        #expect(error.code == .notFound)
        #expect(error.message.contains("\"\(url)\""))
        #expect(log.entries.isEmpty)
    }

    @Test func failuresNameTheURLAndTheReason() throws {
        let (mediator, _) = remoteMediator()
        let native = try #require(mediator.perform(url: "app://Remote/na%74iveSecret").routeError)
        #expect(native.message.contains("\"app://Remote/na%74iveSecret\""))
        #expect(native.message.contains("\"nativeSecret\""))
        let extra = try #require(mediator.perform(url: "app://Remote/a/b").routeError)
        #expect(extra.message.contains("2 segments"))
        let ghost = try #require(mediator.perform(url: "app://Ghost/show").routeError)
        #expect(ghost.message.contains("\"Ghost\""))
    }

    @Test func missingTargetsReachTheNoTargetHandlerWithDecodedParams() {
        let (mediator, log) = remoteMediator()
        mediator.perform(url: "app://Ghost/open?id=4%202")
        #expect(log.entries == ["Ghost.open(id=4 2)"])
    }

    @Test func aURLCannotChooseTheModuleSearched() {
        let mediator = Mediator(searchModules: ["URLRouter"])
        for url in [
            "app://URLRouterTests.DiscoStruct/kind", "app://URLRouterTests%2EDiscoStruct/kind",
            "app://DiscoStruct/kind?module=URLRouterTests",
        ] {
            #expect(mediator.perform(url: url).routeError?.code == .targetNotFound, "\(url)")
        }
        mediator.searchModules = ["URLRouterTests"]
        #expect(mediator.perform(url: "app://DiscoStruct/kind").successValue as? String == "struct")
    }

    @Test func remoteCallsDoNotCacheTheTarget() {
        let mediator = Mediator()
        mediator.register(CountedBare.self)
        let before = CountedBare.inits.value
        mediator.perform(url: "app://CountedBare/ping")
        mediator.perform(url: "app://CountedBare/ping")
        #expect(CountedBare.inits.value - before == 2)
        #expect(!mediator.releaseCachedTarget("CountedBare"))
    }
}

extension Result where Success == Any? {
    var successValue: Any? {
        if case .success(let value) = self { return value }
        return nil
    }
}
