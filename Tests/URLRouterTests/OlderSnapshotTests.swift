import Dispatch
import Foundation
import Testing
@testable import URLRouter

/// While routes are added, a thread goes on looking URLs up in the snapshot it holds unless the
/// additions could change their answer (``ChangedPrefixes``). Every answer must be the one the
/// current table gives.
@Suite struct OlderSnapshotTests {
    /// Registers, deregisters and looks up at random on one thread, so that most lookups go
    /// through an older copy, and compares every answer, from `match` and from `open`, with the
    /// current table's (``Router/explain(_:source:)`` always reads it) on a twin router that saw
    /// the same changes.
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func anOlderCopyAnswersAsTheCurrentTableWould(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let options = Router.Options(caseInsensitivePaths: seed % 3 == 0)
        let router = Router(options: options), twin = Router(options: options)
        let opened = Recorder<String>()
        let schemes = ["shop", "news", "SHOP"]
        let hosts = ["item", "Item", "news", "sh%6Fp", "list", "x"]
        let pages = ["42", "item", "ITEM", "list", "a%20b", "7", "end"]
        let patternHosts = ["item", "ITEM", "news", "shop", "list", ":host", "*", "**", "x(/end)"]
        let patternPages = ["", "/:id", "/:id<int>", "/item", "/list", "/a b", "/*", "/**", "/end/**", "(/:id)"]
        let patternTails = ["", "", "/:x", "/end", "/**"]
        var registered: [String] = []
        var olderReads = 0
        for step in 0..<300 {
            if random.next() % 10 < 7 || registered.isEmpty {
                let pattern: String
                switch random.next() % 8 {
                case 0: pattern = "/" + patternHosts.randomElement(using: &random)! + patternPages.randomElement(using: &random)!
                case 1: pattern = schemes.randomElement(using: &random)! + "://"
                default:
                    pattern = schemes.randomElement(using: &random)! + "://" + patternHosts.randomElement(using: &random)!
                        + patternPages.randomElement(using: &random)! + patternTails.randomElement(using: &random)!
                }
                let record: @Sendable (RouteRequest) -> Void = { _ in opened.record(pattern) }
                let added = (try? router.register(pattern, handler: record)) != nil
                let twinAdded = (try? twin.register(pattern, handler: record)) != nil
                #expect(added == twinAdded, "\(pattern)")
                if added { registered.append(pattern) }
            } else if step % 5 == 0 {
                let pattern = registered.remove(at: Int(random.next() % UInt64(registered.count)))
                #expect(router.deregister(pattern) == twin.deregister(pattern), "\(pattern)")
            }
            if router.lookupTable().1 != nil { olderReads += 1 }
            for _ in 0..<4 {
                var url = schemes.randomElement(using: &random)! + "://" + hosts.randomElement(using: &random)!
                for _ in 0..<(random.next() % 4) { url += "/" + pages.randomElement(using: &random)! }
                if random.next() % 4 == 0 { url += "?q=1" }
                let expected = twin.explain(url).winner
                #expect(router.match(url)?.pattern == expected, "step \(step): \(url)")
                let before = opened.count
                router.open(url)
                #expect(opened.values.dropFirst(before).first == expected, "step \(step): open \(url)")
            }
        }
        // The older copies were used, or this test would prove nothing about them.
        #expect(olderReads > 60)
    }

    /// A router with `shop://item/:id`, whose current snapshot this thread holds.
    private func routerThisThreadHasRead() throws -> Router {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        #expect(router.match("shop://item/1") != nil)
        #expect(router.lookupTable().1 == nil)
        return router
    }

    @Test func aThreadKeepsItsCopyWhileRoutesAreAddedElsewhere() throws {
        let router = try routerThisThreadHasRead()
        try router.register("news://today") { _ in }
        #expect(router.lookupTable().1 != nil)
        #expect(router.match("shop://item/2")?.parameters["id"] == "2")
        #expect(router.lookupTable().1 != nil, "a URL the addition cannot affect keeps the older copy")
        #expect(router.match("news://today")?.pattern == "news://today")
        #expect(router.lookupTable().1 == nil, "a URL the addition may affect takes the new snapshot")
    }

    /// Each is a change after which no thread may go on with an older copy.
    enum SweepingChange: String, CaseIterable, Sendable {
        case deregistration, replacement, placeholderHost, schemeFallback, parameterType, interceptor, observer, removeAll

        func apply(to router: Router) throws {
            switch self {
            case .deregistration: #expect(router.deregister("shop://item/:id"))
            case .replacement: try router.register("shop://item/:n", replacing: true) { _ in }
            case .placeholderHost: try router.register("news://:host/today") { _ in }
            case .schemeFallback: try router.register("news://") { _ in }
            case .parameterType: try router.register(RouteParameterType("hex") { $0.allSatisfy(\.isHexDigit) })
            case .interceptor: router.addInterceptor { _ in .proceed }
            case .observer: router.addObserver { _ in }
            case .removeAll: router.removeAll()
            }
        }
    }

    @Test(arguments: SweepingChange.allCases)
    func someChangesSendEveryThreadToTheNewSnapshot(_ change: SweepingChange) throws {
        let router = try routerThisThreadHasRead()
        try change.apply(to: router)
        #expect(router.lookupTable().1 == nil)
    }

    @Test func aDeregistrationThatRemovesNothingKeepsTheCopy() throws {
        let router = try routerThisThreadHasRead()
        #expect(!router.deregister("news://never"))
        #expect(router.lookupTable().1 != nil)
    }

    @Test func aThreadTakesTheNewSnapshotOnceTooMuchHasChanged() throws {
        let router = try routerThisThreadHasRead()
        for index in 0..<ChangedPrefixes.maxCount {
            try router.register("news://page_\(index)") { _ in }
            #expect(router.lookupTable().1 != nil)
        }
        try router.register("news://one_more") { _ in }
        #expect(router.lookupTable().1 == nil)
    }

    /// The set grows while a burst goes on, and keeps every key it took in before growing.
    @Test func anOlderCopysSetKeepsEveryKeyAsItGrows() throws {
        let router = try routerThisThreadHasRead()
        let count = ChangedPrefixes.initialCapacity * 2
        for index in 0..<count {
            try router.register("news://page_\(index)") { _ in }
            #expect(router.match("shop://item/1") != nil)
        }
        let changes = try #require(router.lookupTable().1).takeUnretainedValue()
        #expect(changes.count == count)
        func affects(_ host: String) -> Bool {
            Array(host.utf8).withUnsafeBufferPointer { bytes in
                changes.affects(first: bytes, second: nil, readableEnd: bytes.baseAddress! + bytes.count)
            }
        }
        #expect((0..<count).allSatisfy { affects("page_\($0)") })
        #expect(!affects("item") && !affects("page_\(count)"))
    }

    @Test func aThreadTakesTheNewSnapshotWhenTheLogNoLongerReachesItsCopy() throws {
        let router = try routerThisThreadHasRead()
        for index in 0..<ChangeLog.capacity {
            try router.register("news://page_\(index)") { _ in }
        }
        #expect(router.lookupTable().1 != nil)
        _ = router.currentTable()
        for index in 0...ChangeLog.capacity {
            try router.register("news://more_\(index)") { _ in }
        }
        #expect(router.lookupTable().1 == nil)
    }

    @Test func aThreadTakesTheNewSnapshotOnceChangesStop() throws {
        let router = try routerThisThreadHasRead()
        try router.register("news://today") { _ in }
        for _ in 1..<ChangedPrefixes.maxQuietReads { _ = router.match("shop://item/1") }
        #expect(router.lookupTable().1 != nil)
        #expect(router.lookupTable().1 == nil)
    }

    @Test func aThreadKeepsItsOlderCopyWhileChangesGoOn() throws {
        let router = try routerThisThreadHasRead()
        for index in 0..<4 {
            try router.register("news://day_\(index)") { _ in }
            for _ in 1..<ChangedPrefixes.maxQuietReads { _ = router.match("shop://item/1") }
            #expect(router.lookupTable().1 != nil)
        }
    }

    /// A change under `item/...`, then a URL whose prefix the reader cannot compare with it.
    @Test(arguments: ["shop://item/%31", "shop://%69tem/1", "shop:///", "shop://"])
    func aURLWhosePrefixCannotBeComparedTakesTheNewSnapshot(_ url: String) throws {
        let router = try routerThisThreadHasRead()
        try router.register("news://item/today") { _ in }
        _ = router.match(url)
        #expect(router.lookupTable().1 == nil)
    }

    /// A URL whose first segment is in no changed key's group (``ChangeKey/group(of:)``) stays
    /// on the older copy, whatever its later segments hold.
    @Test func aURLOutsideEveryChangedGroupKeepsTheCopy() throws {
        let router = try routerThisThreadHasRead()
        try router.register("news://today") { _ in }
        #expect(router.match("shop://item/%31")?.parameters["id"] == "1")
        #expect(router.lookupTable().1 != nil)
    }

    /// A reader on another thread, looking up URLs the additions cannot affect between ones
    /// they do, sees every route whose registration finished before it looked.
    @Test func aReaderOnAnOlderCopySeesEveryAdditionThatFinishedBeforeItLooked() throws {
        let router = Router()
        try router.register("app://home/:id") { _ in }
        let finished = Locked(0)
        let wrong = Recorder<String>()
        let group = DispatchGroup()
        group.enter()
        Thread {
            var last = 0
            while last < 1_000 {
                last = finished.withLock { $0 }
                if router.match("app://home/\(last)")?.pattern != "app://home/:id" { wrong.record("home \(last)") }
                if last > 0, router.match("live://page_\(last)/7")?.parameters["id"] != "7" { wrong.record("page_\(last)") }
            }
            group.leave()
        }.start()
        for index in 1...1_000 {
            try router.register("live://page_\(index)/:id") { _ in }
            finished.withLock { $0 = index }
        }
        group.wait()
        #expect(wrong.count == 0, "wrong reads: \(wrong.values.prefix(5))")
    }

    @Test func theLogForgetsKeysOlderThanItsCapacity() {
        let log = ChangeLog()
        for generation in 1...UInt64(ChangeLog.capacity + 3) {
            log.record(UInt32(generation + 10), generation: generation)
        }
        #expect(log.key(generation: 3) == nil)
        #expect(log.key(generation: 4) == 14)
        #expect(log.key(generation: UInt64(ChangeLog.capacity + 3)) == UInt32(ChangeLog.capacity + 13))
        #expect(log.key(generation: UInt64(ChangeLog.capacity + 4)) == nil)
    }
}
