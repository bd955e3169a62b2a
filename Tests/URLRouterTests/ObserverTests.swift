import Testing

@testable import URLRouter

@Suite("Observation")
struct ObserverTests {
    @Test(
        "every open is reported with its outcome",
        arguments: [
            (
                "shop://item/1?ref=mail&token=secret#top", RouteEvent.Outcome.handled, "shop://item/:id" as String?,
                "shop://item/1?ref=<redacted>&token=<redacted>#top"
            ),
            ("shop://nothing?q=1", .notFound, nil, "shop://nothing?q=<redacted>"),
            ("shop://admin", .refused, "shop://admin", "shop://admin"),
            ("shop://declines", .declined, nil, "shop://declines"),
        ])
    func events(url: String, outcome: RouteEvent.Outcome, pattern: String?, shown: String) throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        try router.register("shop://admin", access: .internal) { _ in }
        try router.register("shop://declines") { $0.decline() }
        let events = Recorder<RouteEvent>()
        router.addObserver { events.record($0) }
        router.open(url, source: .external)
        #expect(events.count == 1)
        let event = try #require(events.values.first)
        #expect(event.outcome == outcome)
        #expect(event.pattern == pattern)
        #expect(event.url == shown)
        #expect(event.source == .external)
        #expect(event.duration >= .zero)
    }

    @Test func anOpenAnInterceptorRefusesIsReportedAsRefusedWithItsPattern() throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        router.addInterceptor { open in open.url.hasSuffix("/blocked") ? .refuse("blocked") : .proceed }
        let events = Recorder<String>()
        router.addObserver { events.record("\($0.outcome.rawValue) \($0.pattern ?? "-")") }
        router.open("shop://item/blocked")
        router.open("shop://item/1")
        #expect(events.values == ["refused shop://item/:id", "handled shop://item/:id"])
    }

    @Test func redactionCanBeTurnedOff() throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        let events = Recorder<String>()
        router.addObserver(redactingQueryValues: false) { events.record($0.url) }
        router.open("shop://item/1?ref=mail")
        #expect(events.values == ["shop://item/1?ref=mail"])
    }

    @Test(
        "redaction keeps names, path and fragment",
        arguments: [
            ("a://b", "a://b"),
            ("a://b?", "a://b?"),
            ("a://b?flag", "a://b?flag"),
            ("a://b?x=1&&y=", "a://b?x=<redacted>&&y=<redacted>"),
            ("a://b?url=https://x.com/p?a=1#f", "a://b?url=<redacted>#f"),
        ])
    func redaction(url: String, expected: String) {
        #expect(RouteEvent.redactingQueryValues(url) == expected)
    }
}
