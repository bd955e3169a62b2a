import Foundation
import Testing

@testable import URLRouter

/// An ID that prints as `user-42` and codes as the number 42, as many ID and money types do.
private struct UserID: Codable, Hashable, Sendable, LosslessStringConvertible {
    var raw: Int
    init(_ raw: Int) { self.raw = raw }
    init?(_ description: String) {
        guard description.hasPrefix("user-"), let raw = Int(description.dropFirst(5)) else { return nil }
        self.raw = raw
    }
    var description: String { "user-\(raw)" }
    init(from decoder: any Decoder) throws { raw = try decoder.singleValueContainer().decode(Int.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(raw)
    }
}

/// An ID that codes itself as an `Int128`, which the coding protocols leave to each coder.
private struct BigID: Codable, Hashable, Sendable {
    var raw: Int128
    init(_ raw: Int128) { self.raw = raw }
    init(from decoder: any Decoder) throws { raw = try decoder.singleValueContainer().decode(Int128.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(raw)
    }
}

private struct BigRoute: URLRoute, Equatable {
    static let pattern = "big://item/:id"
    var id: BigID
    var more: [BigID] = []
}

private struct ProfileRoute: URLRoute, Equatable {
    static let pattern = "profile://user/:user"
    var user: UserID
    var friend: UserID?
}

/// The target's declaration of a call, and a caller's copy of it (a module that does not import the target's).
private struct ProfileRequest: MediatorRequest {
    typealias Response = String
    static let target = "Profile", action = "show"
    var user: UserID
}
private struct CallersProfileRequest: MediatorRequest {
    typealias Response = String
    static let target = "Profile", action = "show"
    var user: UserID
}
private struct ProfileTarget: MediatorTarget {
    static var targetName: String { "Profile" }
    var actions: [String: MediatorAction] { [ProfileRequest.action: ProfileRequest.handler { "\($0.user)" }] }
}

private struct TallyRequest: MediatorRequest {
    typealias Response = Int
    static let target = "Tally", action = "count"
    var count: Int
}
private struct TallyTarget: MediatorTarget {
    static var targetName: String { "Tally" }
    var actions: [String: MediatorAction] { [TallyRequest.action: TallyRequest.handler { $0.count }] }
}

/// A single value that codes itself as what it wraps: an array, or a text.
private struct Wrapped<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Value.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

private struct WrappedTagsRoute: URLRoute, Equatable {
    static let pattern = "wrap://tags"
    var tags: Wrapped<[String]>
}

private enum WrappedPage: String, Codable, Sendable {
    case home
    case settings = "user/settings"
}

/// Fields coded `**` whose types decode themselves from one text: the whole path, not its last segment.
private struct WrappedPathRoute: URLRoute, Equatable {
    static let pattern = "wrap://open/**"
    var path: Wrapped<String>
    private enum CodingKeys: String, CodingKey { case path = "**" }
}

private struct WrappedPageRoute: URLRoute, Equatable {
    static let pattern = "wrap://page/**"
    var page: WrappedPage
    private enum CodingKeys: String, CodingKey { case page = "**" }
}

enum ValidatingAccount {
    struct Route: URLRoute {
        static let pattern = "account://a/:id"
        var id: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            guard id >= 0 else {
                throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "negative")
            }
        }
    }
}

/// A field is printed the way it is read: a type other than the basic ones (strings, numbers, `Bool`, `UUID`) through
/// its own `Codable`, even when it has a text of its own.
@Suite struct TypedTextAndCodableFormTests {
    @Test func aFieldWhoseTextIsNotItsCodableFormReadsBack() throws {
        let router = Router()
        try router.register(ProfileRoute.self) { _, _ in }
        let value = ProfileRoute(user: UserID(42), friend: UserID(7))
        let url = try router.url(for: value)
        #expect(url == "profile://user/42?friend=7")
        #expect(router.match(url, as: ProfileRoute.self) == value)
    }

    @Test func aTypeCodedAsInt128PrintsAndReadsBack() throws {
        let router = Router()
        try router.register(BigRoute.self) { _, _ in }
        let value = BigRoute(id: BigID(.max), more: [BigID(.min), BigID(5)])
        let url = try router.url(for: value)
        #expect(url == "big://item/\(Int128.max)?more=\(Int128.min)&more=5")
        #expect(router.match(url, as: BigRoute.self) == value)
        #expect(router.match("big://item/1\(Int128.max)", as: BigRoute.self) == nil)  // out of range
    }

    @Test func aCallersCopyOfARequestReachesTheAction() throws {
        let mediator = Mediator()
        mediator.register(ProfileTarget.self)
        #expect(try mediator.perform(CallersProfileRequest(user: UserID(42))) == "user-42")
        #expect(try mediator.perform(ProfileRequest(user: UserID(7))) == "user-7")
    }

    /// Linux's `NSNumber` prints an integral `Double` as `3.0`, Darwin's as `3`: an `Int` field takes it on both.
    @Test(arguments: ["3.0", "1e2", "7"])
    func anIntegralJSONNumberFillsAnIntField(_ number: String) throws {
        let mediator = Mediator()
        mediator.register(TallyTarget.self)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(#"{"count": \#(number)}"#.utf8)) as? [String: Any])
        let result = mediator.performResult(target: "Tally", action: "count", params: json)
        #expect((try? result.get()) as? Int == Int(Double(number)!), "\(result)")
        let fraction = mediator.performResult(target: "Tally", action: "count", params: ["count": 2.5 as NSNumber])
        #expect((try? fraction.get()) == nil)
    }

    /// A single value that wraps an array used to read the last of its values alone (`["a", "b"]` back as `["b"]`), and
    /// one coded `**` the last segment of the path (`a/b` back as `b`, `user/settings` as no `Page`).
    @Test(arguments: [
        WrappedTagsRoute(tags: Wrapped(["a", "b", "c"])) as any URLRoute & Equatable,
        WrappedTagsRoute(tags: Wrapped([])), WrappedPathRoute(path: Wrapped("a/b")), WrappedPageRoute(page: .settings),
    ])
    func aSingleValueReadsEveryValueOfItsField(_ value: any URLRoute & Equatable) throws {
        func roundTrip<Route: URLRoute & Equatable>(_ value: Route) throws -> (String, Bool) {
            let router = Router()
            try router.register(Route.self) { _, _ in }
            let url = try router.url(for: value)
            return (url, router.match(url, as: Route.self) == value)
        }
        let (url, same) = try roundTrip(value)
        #expect(same, "\(url)")
    }

    @Test func aValidatingInitsRefusalNamesTheTypeWithItsParents() throws {
        let router = Router()
        try router.register(ValidatingAccount.Route.self) { _, _ in }
        let verdict = try #require(router.explain("account://a/-1").candidates.first?.verdict)
        #expect("\(verdict)".contains("ValidatingAccount.Route did not take the values"), "\(verdict)")
    }
}
