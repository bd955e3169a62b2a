import Testing

@testable import URLRouter

/// A typed route whose field named `**` (by its coding key) is the path the `**` took.
private struct OpenFileRoute: URLRoute, Equatable {
    static let pattern = "files://open/**"
    var path: String?
    enum CodingKeys: String, CodingKey { case path = "**" }
}

/// The same field in a typed Target-Action request.
struct OpenFileRequest: MediatorRequest, Equatable {
    typealias Response = String
    static let target = "CatchAllFiles"
    static let action = "open"
    var path: String?
    enum CodingKeys: String, CodingKey { case path = "**" }
}

struct Target_CatchAllFiles: MediatorTarget {
    var actions: [String: MediatorAction] {
        [OpenFileRequest.action: OpenFileRequest.handler { $0.path ?? "-" }]
    }
}

/// A query item named `**` never stands in for the path a `**` took (MatchingRules, TargetActionAndTheBridge):
/// neither for a typed route's field nor for a typed request the policy judged by that path.
@Suite("Typed routes: a field named **")
struct TypedCatchAllFieldTests {
    @Test func theFieldReadsThePathNeverTheQuery() throws {
        let router = Router()
        try router.register(OpenFileRoute.self) { _, _ in }
        #expect(router.match("files://open/a/b", as: OpenFileRoute.self) == OpenFileRoute(path: "a/b"))
        #expect(router.match("files://open/a?**=evil", as: OpenFileRoute.self) == OpenFileRoute(path: "a"))
        #expect(router.match("files://open?**=evil", as: OpenFileRoute.self) == OpenFileRoute(path: nil))
    }

    @Test func urlForPrintsTheFieldAsThePathAndReadsItBack() throws {
        let router = Router()
        try router.register(OpenFileRoute.self) { _, _ in }
        let value = OpenFileRoute(path: "docs/a b.txt")
        let url = try router.url(for: value)
        #expect(url == "files://open/docs/a%20b.txt")
        #expect(router.match(url, as: OpenFileRoute.self) == value)
    }

    /// The remote policy sees `**` as the path; the typed action must get that path, not the query's `**`.
    @Test func theTypedBridgeHandsTheActionThePathThePolicyJudged() throws {
        let mediator = Mediator()
        mediator.register(Target_CatchAllFiles.self)
        mediator.remotePolicy = RemotePolicy(predicate: { !($0.parameters["**"] ?? "").hasPrefix("secret") })
        let router = Router()
        try router.register("files://open/**", request: OpenFileRequest.self, on: mediator)
        let got = Recorder<String>()
        router.open("files://open/public?**=secret/keys", source: .external) { result in
            got.record((try? result.get()).flatMap { $0 as? String } ?? "failed")
        }
        #expect(got.values == ["public"])
        #expect(router.object(for: "files://open/a/b?**=x") as? String == "a/b")
    }
}

/// A scheme's fallback takes the rest of the path as `**` does.
private struct FallbackFileRoute: URLRoute, Equatable {
    static let pattern = "fbfiles://"
    var path: String?
    enum CodingKeys: String, CodingKey { case path = "**" }
}

/// `**` inside an optional group prints with the rest of its group.
private struct GroupFileRoute: URLRoute, Equatable {
    static let pattern = "gfiles://open(/:mode/**)"
    var mode: String?
    var path: String?
    enum CodingKeys: String, CodingKey {
        case mode
        case path = "**"
    }
}

extension TypedCatchAllFieldTests {
    @Test func aSchemesFallbackFieldReadsAndPrintsThePath() throws {
        let router = Router()
        try router.register(FallbackFileRoute.self) { _, _ in }
        #expect(router.match("fbfiles://a/b?**=evil", as: FallbackFileRoute.self) == FallbackFileRoute(path: "a/b"))
        #expect(router.match("fbfiles://?**=evil", as: FallbackFileRoute.self) == FallbackFileRoute(path: nil))
        #expect(try router.url(for: FallbackFileRoute(path: "a/b")) == "fbfiles://a/b")
    }

    @Test func aFieldInAnOptionalGroupPrintsOnlyWithItsGroup() throws {
        let router = Router()
        try router.register(GroupFileRoute.self) { _, _ in }
        let value = GroupFileRoute(mode: "m", path: "a/b")
        #expect(try router.url(for: value) == "gfiles://open/m/a/b")
        #expect(router.match("gfiles://open/m/a/b", as: GroupFileRoute.self) == value)
        #expect(router.match("gfiles://open?**=x", as: GroupFileRoute.self) == GroupFileRoute(mode: nil, path: nil))
        #expect(caught { try router.url(for: GroupFileRoute(mode: nil, path: "a")) }?.code == .invalidParameter)
    }
}

/// The field as an array: one element per segment the `**` took.
private struct FileSegmentsRoute: URLRoute, Equatable {
    static let pattern = "sfiles://open/**"
    var path: [String]
    var mode: String?
    enum CodingKeys: String, CodingKey {
        case path = "**"
        case mode
    }
}

/// The same array in a typed request, called in code and through a bridged URL.
struct FileSegmentsRequest: MediatorRequest, Equatable {
    typealias Response = [String]
    static let target = "CatchAllSegments"
    static let action = "open"
    var path: [String]
    enum CodingKeys: String, CodingKey { case path = "**" }
}

struct Target_CatchAllSegments: MediatorTarget {
    var actions: [String: MediatorAction] { [FileSegmentsRequest.action: FileSegmentsRequest.handler { $0.path }] }
}

extension TypedCatchAllFieldTests {
    /// A URL's `**` reads as its decoded segments; empty ones are dropped, an encoded `/` stays inside its segment.
    @Test(arguments: [
        ("sfiles://open/a/b", ["a", "b"]), ("sfiles://open/a", ["a"]), ("sfiles://open", []),
        ("sfiles://open/a%2Fb/c%20d?**=x", ["a/b", "c d"]), ("sfiles://open//a//b/", ["a", "b"]),
    ])
    func anArrayFieldReadsOneElementPerSegment(url: String, segments: [String]) throws {
        let router = Router()
        try router.register(FileSegmentsRoute.self) { _, _ in }
        #expect(router.match(url, as: FileSegmentsRoute.self) == FileSegmentsRoute(path: segments))
    }

    /// `url(for:)` prints the elements as segments, and the link reads them back.
    @Test(arguments: [
        (["a", "b"], "sfiles://open/a/b?mode=r"), (["a"], "sfiles://open/a?mode=r"), ([], "sfiles://open?mode=r"),
        (["docs", "a b.txt", "50%"], "sfiles://open/docs/a%20b.txt/50%25?mode=r"),
    ])
    func anArrayFieldPrintsOneSegmentPerElement(segments: [String], url: String) throws {
        let router = Router()
        try router.register(FileSegmentsRoute.self) { _, _ in }
        let value = FileSegmentsRoute(path: segments, mode: "r")
        #expect(try router.url(for: value) == url)
        #expect(router.match(url, as: FileSegmentsRoute.self) == value)
    }

    @Test func aTypedRequestGetsTheSegmentsInCodeAndThroughTheBridge() throws {
        let mediator = Mediator()
        mediator.register(Target_CatchAllSegments.self)
        #expect(try mediator.perform(FileSegmentsRequest(path: ["a", "b"])) == ["a", "b"])
        let router = Router()
        try router.register("sfiles://open/**", request: FileSegmentsRequest.self, on: mediator)
        #expect(router.object(for: "sfiles://open/a/b%2Fc") as? [String] == ["a", "b/c"])
    }
}
