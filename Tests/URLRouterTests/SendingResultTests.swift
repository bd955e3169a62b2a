import Testing

@testable import URLRouter

/// An actor that keeps what an open gave, as an app's cache or store would.
private actor ValueStore {
    var kept: [String] = []
    func keep(_ value: Any?) { kept.append("\(value ?? "nil")") }
}

/// A service actor that opens links for the app and hands the value back to its caller.
private actor LinkService {
    let router: Router
    init(router: Router) { self.router = router }
    func value(_ url: String) async throws -> sending Any? { try await router.value(opening: url) }
}

/// The value of `value(opening:)` moves from the handler to the caller and is shared with no one
/// (see `RouteResponse`), so a Swift 6 caller may send it on to another actor, as it may a
/// `RouteResponse`. Without `sending` on its result this file does not compile:
///   error: sending 'value' risks causing data races
///   error: returning 'self'-isolated '$return_value' as a 'sending' result risks causing data races
@Suite("Sending results")
@MainActor struct SendingResultTests {
    @Test func valueOpeningsValueMayBeSentToAnotherActor() async throws {
        let router = Router()
        try router.registerObject("app://item/:id") { $0.parameters["id"] }
        let store = ValueStore()
        let value = try await router.value(opening: "app://item/8")
        await store.keep(value)
        #expect(await store.kept == ["8"])
    }

    @Test func anActorServiceMayReturnTheValueToItsCaller() async throws {
        let router = Router()
        try router.registerObject("app://item/:id") { $0.parameters["id"] }
        let value = try await LinkService(router: router).value("app://item/9")
        #expect(value as? String == "9")
    }
}
