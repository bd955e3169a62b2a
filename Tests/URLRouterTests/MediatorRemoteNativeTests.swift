import Testing

@testable import URLRouter

/// A target whose `notFound` finds actions case-insensitively through `uppercased()`, as an app
/// may write one; a URL must not reach its `native…` actions through it.
struct LooseMatchTarget: MediatorTarget {
    static var targetName: String { "Loose" }
    var actions: [String: MediatorAction] {
        let named: [String: MediatorAction] = ["nativeWipe": { _ in "wiped" }, "show": { _ in "shown" }]
        return named.merging([
            Mediator.notFoundAction: { params in
                let missing = (params[Mediator.missingActionKey] as? String)?.uppercased()
                return named.first { $0.key.uppercased() == missing }.flatMap { $0.value(params) }
            }
        ]) { $1 }
    }
}

/// Its action starts with `native` and a combining acute: Swift reads it as `nativéLogin`.
struct AccentedNativeTarget: MediatorTarget {
    static var targetName: String { "Accented" }
    var actions: [String: MediatorAction] { ["native\u{301}Login": { _ in "ran" }] }
}

@Suite struct MediatorRemoteNativeTests {
    /// The decomposed and the precomposed `é` name one Swift string, so one action: both are refused.
    @Test(arguments: ["app://Accented/native%CC%81Login", "app://Accented/nativ%C3%A9Login"])
    func everySpellingOfANativeActionIsRefused(url: String) {
        let mediator = Mediator()
        mediator.register(AccentedNativeTarget.self)
        let result = mediator.perform(url: url)
        #expect(result.routeError?.code == .refused, "\(result)")
    }

    @Test(
        "No letter case of the native prefix reaches an action through a loose notFound",
        arguments: [
            "app://Loose/NATIVEWIPE",
            "app://Loose/Na%74iveWipe",
            "app://Loose/nat%C4%B1veWipe",  // U+0131 LATIN SMALL LETTER DOTLESS I uppercases to "I"
            "app://Loose/NAT%C4%B1VEWIPE",
        ])
    func nativePrefixInAnyCaseIsRefused(url: String) throws {
        let mediator = Mediator()
        mediator.register(LooseMatchTarget.self)
        #expect(Outcome(mediator.perform(url: "app://Loose/SHOW")) == .value("shown"), "the loose matcher works")
        let error = try #require(mediator.perform(url: url).routeError, "\(url) ran an action")
        #expect(error.code == .refused)
        #expect(error.message.contains("starts with \"native\""), "\(error.message)")
    }

    @Test func theBridgeAppliesTheSameRule() throws {
        let mediator = Mediator()
        mediator.register(LooseMatchTarget.self)
        let router = Router()
        try router.register("app://wipe", target: "Loose", action: "nat\u{131}veWipe", on: mediator)
        #expect(router.object(for: "app://wipe") as? String == "wiped", "a local open is the app's own call")
        #expect(router.outcomes("app://wipe", source: .external) == [.failure(.refused)])
        #expect(!router.canOpen("app://wipe", source: .external))
    }
}
