import Foundation
import Synchronization
import Testing
import URLRouter

/// Counts the instances a target type made.
final class InitCounter: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    func bump() { count.add(1, ordering: .relaxed) }
}

struct SlowTarget: MediatorTarget {
    static let inits = InitCounter()
    static var targetName: String { "Slow" }
    init() {
        Self.inits.bump()
        Thread.sleep(forTimeInterval: 0.02)  // widens the window in which first calls race
    }
    var actions: [String: MediatorAction] { ["ping": { _ in "pong" }] }
}

public struct Target_CacheDiscovered: MediatorTarget {
    static let inits = InitCounter()
    public init() {
        Self.inits.bump()
        Thread.sleep(forTimeInterval: 0.02)
    }
    public var actions: [String: MediatorAction] { ["ping": { _ in "pong" }] }
}

/// Found by discovery and made at once, for calls made by the thousand.
public struct Target_Uncached: MediatorTarget {
    public init() {}
    public var actions: [String: MediatorAction] { ["ping": { _ in "pong" }] }
}

final class Counted: MediatorTarget {
    static let inits = InitCounter()
    static var targetName: String { "Counted" }
    init() { Self.inits.bump() }
    var actions: [String: MediatorAction] {
        ["identity": { _ in ObjectIdentifier(self) }, "notFound": { _ in "fallback" }]
    }
}

struct CountedBare: MediatorTarget {
    static let inits = InitCounter()
    static var targetName: String { "CountedBare" }
    init() { Self.inits.bump() }
    var actions: [String: MediatorAction] { ["ping": { _ in "pong" }] }
}

/// Calls its mediator from its deinit, as a target that reports its end does.
final class Reporting: MediatorTarget {
    static let mediator = Mediator()
    static let reports = Recorder<String>()
    static var targetName: String { "Reporting" }
    init() {}
    deinit { Self.reports.record("released, Other cached: \(Self.mediator.releaseCachedTarget("Other"))") }
    var actions: [String: MediatorAction] { ["ping": { _ in "pong" }] }
}

/// Both callers must be inside the action at the same time, or it times out.
struct Rendezvous: MediatorTarget {
    static let inside = Atomic(0)
    static var targetName: String { "Rendezvous" }
    var actions: [String: MediatorAction] {
        [
            "meet": { _ in
                Self.inside.add(1, ordering: .relaxed)
                let deadline = Date().addingTimeInterval(5)
                while Self.inside.load(ordering: .relaxed) < 2, Date() < deadline { usleep(100) }
                return Self.inside.load(ordering: .relaxed) >= 2
            }
        ]
    }
}

@Suite(.serialized) struct MediatorCacheTests {
    @Test func concurrentFirstCallsCreateOneRegisteredInstance() {
        let mediator = Mediator()
        mediator.register(SlowTarget.self)
        let before = SlowTarget.inits.value
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            #expect(mediator.perform(target: "Slow", action: "ping", cacheTarget: true) as? String == "pong")
        }
        #expect(SlowTarget.inits.value - before == 1)
    }

    @Test func concurrentFirstCallsCreateOneDiscoveredInstance() {
        let mediator = Mediator(searchModules: ["URLRouterTests"])
        let before = Target_CacheDiscovered.inits.value
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            #expect(mediator.perform(target: "CacheDiscovered", action: "ping", cacheTarget: true) as? String == "pong")
        }
        #expect(Target_CacheDiscovered.inits.value - before == 1)
    }

    @Test func uncachedCallsCreateAnInstanceEach() {
        let mediator = Mediator()
        mediator.register(CountedBare.self)
        let before = CountedBare.inits.value
        for _ in 0..<3 { mediator.perform(target: "CountedBare", action: "ping") }
        #expect(CountedBare.inits.value - before == 3)
    }

    @Test func aCachedInstanceServesLaterCallsUntilReleased() throws {
        let mediator = Mediator()
        mediator.register(Counted.self)
        let before = Counted.inits.value
        let first = try #require(
            mediator.perform(target: "Counted", action: "identity", cacheTarget: true) as? ObjectIdentifier)
        let second = mediator.perform(target: "Counted", action: "identity") as? ObjectIdentifier
        #expect(second == first)
        #expect(Counted.inits.value - before == 1)

        #expect(mediator.releaseCachedTarget("Counted"))
        #expect(!mediator.releaseCachedTarget("Counted"))
        _ = mediator.perform(target: "Counted", action: "identity", cacheTarget: true)
        #expect(Counted.inits.value - before == 2)
    }

    @Test func missesNeverEvict() {
        let mediator = Mediator()
        mediator.register(Counted.self)
        mediator.register(CountedBare.self)
        mediator.perform(target: "Counted", action: "identity", cacheTarget: true)
        mediator.perform(target: "CountedBare", action: "ping", cacheTarget: true)
        let counted = Counted.inits.value, bare = CountedBare.inits.value

        #expect(mediator.perform(target: "Counted", action: "missing", cacheTarget: true) as? String == "fallback")
        #expect(
            mediator.performResult(target: "CountedBare", action: "missing", cacheTarget: true).routeError?.code
                == .actionNotFound)
        #expect(
            mediator.performResult(target: "Nobody", action: "ping", cacheTarget: true).routeError?.code
                == .targetNotFound)
        mediator.perform(target: "Counted", action: "identity", cacheTarget: true)
        mediator.perform(target: "CountedBare", action: "ping", cacheTarget: true)

        #expect(Counted.inits.value == counted)
        #expect(CountedBare.inits.value == bare)
    }

    @Test func registeringAgainDropsTheCachedInstance() {
        let mediator = Mediator()
        mediator.register(CountedBare.self)
        let before = CountedBare.inits.value
        mediator.perform(target: "CountedBare", action: "ping", cacheTarget: true)
        mediator.register(CountedBare.self)
        mediator.perform(target: "CountedBare", action: "ping", cacheTarget: true)
        #expect(CountedBare.inits.value - before == 2)
    }

    /// A module taken out of `searchModules` is not reached through an instance cached before;
    /// a registered target keeps its cached instance.
    @Test func settingSearchModulesDropsCachedDiscoveredTargets() {
        let mediator = Mediator(searchModules: ["URLRouterTests"])
        mediator.register(CountedBare.self)
        #expect(mediator.perform(target: "CacheDiscovered", action: "ping", cacheTarget: true) as? String == "pong")
        mediator.perform(target: "CountedBare", action: "ping", cacheTarget: true)
        let before = CountedBare.inits.value
        mediator.searchModules = []
        #expect(mediator.perform(target: "CacheDiscovered", action: "ping") == nil)
        mediator.perform(target: "CountedBare", action: "ping", cacheTarget: true)
        #expect(CountedBare.inits.value == before)
        mediator.searchModules = ["URLRouterTests"]
        #expect(mediator.perform(target: "CacheDiscovered", action: "ping") as? String == "pong")
    }

    /// Setting the modules they are already is no change: a cached discovered target stays.
    @Test func settingTheSameSearchModulesKeepsCachedTargets() {
        let mediator = Mediator(searchModules: ["URLRouterTests"])
        mediator.perform(target: "CacheDiscovered", action: "ping", cacheTarget: true)
        let before = Target_CacheDiscovered.inits.value
        mediator.searchModules = mediator.searchModules
        mediator.perform(target: "CacheDiscovered", action: "ping")
        #expect(Target_CacheDiscovered.inits.value == before)
    }

    /// A call whose lookup overlaps a change of the modules looks again in the new ones.
    @Test func aLookupRacingAModulesChangeFindsATargetEveryListHolds() {
        let mediator = Mediator(searchModules: ["URLRouterTests"])
        let stop = Atomic(false)
        let failures = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            if worker == 0 {
                var flip = false
                while !stop.load(ordering: .relaxed) {
                    mediator.searchModules = flip ? ["URLRouterTests"] : ["URLRouterTests", "Elsewhere"]
                    flip.toggle()
                }
            } else {
                for _ in 0..<5_000 where mediator.perform(target: "Uncached", action: "ping") as? String != "pong" {
                    failures.add(1, ordering: .relaxed)
                }
                stop.store(true, ordering: .relaxed)
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }

    @Test func actionsOfACachedTargetRunConcurrently() {
        let mediator = Mediator()
        mediator.register(Rendezvous.self)
        let met = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            if mediator.perform(target: "Rendezvous", action: "meet", cacheTarget: true) as? Bool == true {
                met.add(1, ordering: .relaxed)
            }
        }
        #expect(met.load(ordering: .relaxed) == 2)
    }

    /// A cached instance is let go of after the mediator's lock: its deinit may call the mediator.
    @Test func aCachedTargetsDeinitMayCallTheMediator() {
        let mediator = Reporting.mediator
        mediator.register(Reporting.self)
        mediator.perform(target: "Reporting", action: "ping", cacheTarget: true)
        #expect(mediator.releaseCachedTarget("Reporting"))
        mediator.perform(target: "Reporting", action: "ping", cacheTarget: true)
        mediator.register(Reporting.self)
        #expect(Reporting.reports.values == ["released, Other cached: false", "released, Other cached: false"])
    }
}
