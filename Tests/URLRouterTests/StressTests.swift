import Synchronization
import Testing

@testable import URLRouter

/// Eight threads registering, deregistering and opening on one router for a bounded time
/// (2.5 s, and at least 100 rounds each). Run it under `swift test --sanitize=thread` too.
///
/// Each thread owns eight patterns that only it registers and deregisters, so it always knows
/// which of them must be there; sixteen stable patterns are never removed. Every handler
/// checks that what it was given belongs together: its own pattern, the URL's `id` and the
/// query's `tag`.
struct StressTests {
    static let threads = 8
    static let ownedPerThread = 8
    static let stableCount = 16
    static let minimumIterations = 100

    @Test(.timeLimit(.minutes(1)))
    func registerDeregisterAndOpenFromEightThreads() throws {
        let router = Router()
        let problems = Problems()
        let events = Atomic<Int>(0)
        for index in 0..<Self.stableCount {
            try Self.register(Self.stable(index), on: router, problems) { [unowned router] request in
                if index == 0 {  // a handler may use the router: it runs under no lock
                    if !router.canOpen("stress://stable/1/7?tag=7") {
                        problems.add("stable 1 vanished inside a handler")
                    }
                }
            }
        }
        let deadline = ContinuousClock.now + .milliseconds(2500)

        let ownedByThread = onThreads(Self.threads) { thread -> Set<Int> in
            var random = SeededRandom(seed: UInt64(thread) &* 7919)
            var owned = Set<Int>()
            var iterations = 0
            // At least 100 rounds each, however slow a sanitizer or a busy machine makes them.
            while ContinuousClock.now < deadline || iterations < Self.minimumIterations {
                iterations += 1
                let slot = Int.random(in: 0..<Self.ownedPerThread, using: &random)
                let id = Int.random(in: 0..<1_000_000, using: &random)
                switch Int.random(in: 0..<10, using: &random) {
                case 0, 1:
                    let pattern = Self.owned(thread, slot)
                    do throws(RouteError) {
                        try Self.register(pattern, on: router, problems)
                        if owned.contains(slot) { problems.add("\(pattern) registered twice") }
                        owned.insert(slot)
                    } catch {
                        if !owned.contains(slot) || error.code != .conflict { problems.add("\(pattern): \(error)") }
                    }
                case 2:
                    let pattern = Self.owned(thread, slot)
                    if router.deregister(pattern) != owned.contains(slot) {
                        problems.add("deregister \(pattern) disagreed")
                    }
                    owned.remove(slot)
                case 3:
                    let url = Self.url(Self.owned(thread, slot), id)
                    let (opened, value) = Self.open(router, url)
                    if opened != owned.contains(slot) { problems.add("open \(url) returned \(opened)") }
                    if opened, value != "\(id)" { problems.add("open \(url) completed with \(value ?? "nil")") }
                case 4, 5:
                    let url = Self.url(Self.stable(slot), id)
                    let (opened, value) = Self.open(router, url)
                    if !opened || value != "\(id)" { problems.add("open \(url): \(opened), \(value ?? "nil")") }
                case 6:
                    let url = Self.url(Self.owned((thread + 1 + slot) % Self.threads, slot), id)
                    let (opened, value) = Self.open(router, url)
                    if opened, value != "\(id)" { problems.add("open \(url) completed with \(value ?? "nil")") }
                case 7:
                    let url = Self.url(Self.stable(slot), id)
                    let match = router.match(url)
                    if !router.canOpen(url) || match?.pattern != Self.stable(slot) || match?.parameters["id"] != "\(id)"
                    {
                        problems.add("match \(url) gave \(match?.description ?? "nil")")
                    }
                case 8:
                    let url = try? router.url(for: Self.stable(slot), parameters: ["id": "\(id)", "tag": "\(id)"])
                    if url.flatMap(router.match)?.parameters["id"] != "\(id)" {
                        problems.add("url(for:) round trip for \(id)")
                    }
                    let listed = Set(router.routes.map(\.pattern))
                    if !Self.stablePatterns.isSubset(of: listed) {
                        problems.add("a stable route was missing from routes")
                    }
                default:
                    if thread == 0 && slot == 0 {
                        router.removeAllObservers()
                    } else if slot == 1 {
                        router.addObserver { _ in events.add(1, ordering: .relaxed) }
                    } else {
                        _ = router.description
                    }
                }
            }
            return owned
        }

        #expect(problems.list.isEmpty, "\(problems.list.prefix(10))")
        var expected = Self.stablePatterns
        for (thread, owned) in ownedByThread.enumerated() {
            for slot in 0..<Self.ownedPerThread {
                let pattern = Self.owned(thread, slot)
                if owned.contains(slot) { expected.insert(pattern) }
                #expect(router.canOpen(Self.url(pattern, 1)) == owned.contains(slot), "\(pattern)")
            }
        }
        #expect(Set(router.routes.map(\.pattern)) == expected)
        #expect(router.routes.count == expected.count)
    }

    // MARK: - Helpers

    static func stable(_ index: Int) -> String { "stress://stable/\(index)/:id" }
    static func owned(_ thread: Int, _ slot: Int) -> String { "stress://owned/\(thread)/\(slot)/:id" }
    static let stablePatterns = Set((0..<stableCount).map(stable))

    /// The URL for `pattern` with `id` in the path and again in the query.
    static func url(_ pattern: String, _ id: Int) -> String {
        pattern.replacingOccurrences(of: ":id", with: "\(id)") + "?tag=\(id)"
    }

    /// Registers a handler that checks its request belongs to `pattern` and completes with the id.
    static func register(
        _ pattern: String, on router: Router, _ problems: Problems,
        also: @escaping @Sendable (RouteRequest) -> Void = { _ in }
    ) throws(RouteError) {
        let prefix = pattern.replacingOccurrences(of: ":id", with: "")
        try router.register(pattern) { request in
            let id = request.parameters["id"]
            let urlID = request.url.split(separator: "?")[0].split(separator: "/").last.map(String.init)
            if request.pattern != pattern || !request.url.hasPrefix(prefix) || id == nil || id != urlID
                || request.parameters["tag"] != id
            {
                problems.add("\(pattern) got \(request.url) as \(request.pattern) with \(request.parameters)")
            }
            also(request)
            request.complete(id)
        }
    }

    /// Whether a handler ran, and the value the completion received (before `open` returned).
    static func open(_ router: Router, _ url: String) -> (Bool, String?) {
        let value = Locked<String??>(nil)
        let opened = router.open(url) { result in
            value.withLock { $0 = .some((try? result.get()) as? String) }
        }
        return (opened, value.withLock { $0 } ?? nil)
    }
}

/// Inconsistencies seen by any thread.
final class Problems: Sendable {
    private let problems = Locked<[String]>([])
    func add(_ problem: String) { problems.withLock { $0.append(problem) } }
    var list: [String] { problems.withLock { $0 } }
}
