import Foundation
import Testing

@testable import URLRouter

final class Basket: Sendable {
    let items: [Int]
    let coupon: String?
    init(items: [Int], coupon: String?) {
        self.items = items
        self.coupon = coupon
    }
}

struct BasketRequest: MediatorRequest, Equatable {
    typealias Response = Basket
    static let target = "TypedShop"
    static let action = "basket"
    var items: [Int]
    var coupon: String?
    var express: Bool?
}

struct CountRequest: MediatorRequest {
    typealias Response = Int
    static let target = "TypedShop"
    static let action = "count"
}

struct UntypedCountRequest: MediatorRequest {
    typealias Response = String
    static let target = "TypedShop"
    static let action = "untyped"
    var id: Int
    var tags: [String]
}

public struct Target_TypedShop: MediatorTarget {
    public init() {}
    public var actions: [String: MediatorAction] {
        [
            BasketRequest.action: BasketRequest.handler { request in
                Basket(items: request.items, coupon: request.express == true ? "express" : request.coupon)
            },
            CountRequest.action: CountRequest.handler { _ in 3 },
            // An untyped action: a typed call reaches it with strings.
            "untyped": { params in "\(params["id"] as? String ?? "?") \(params["tags"] as? [String] ?? [])" },
            "nothing": { _ in nil },
        ]
    }
}

@Suite("Typed actions")
struct TypedActionTests {
    let mediator = Mediator(searchModules: ["URLRouterTests"])

    @Test func aTypedCallReturnsTheTypedResult() throws {
        let basket = try mediator.perform(BasketRequest(items: [1, 2], coupon: "SPRING"))
        #expect(basket.items == [1, 2] && basket.coupon == "SPRING")
        #expect(try mediator.perform(CountRequest()) == 3)
        #expect(try mediator.perform(UntypedCountRequest(id: 5, tags: ["a", "b"])) == #"5 ["a", "b"]"#)
    }

    @Test func urlCallsDecodeTheSameType() throws {
        // A URL call's parameters keep the last of repeated items: the array reads one.
        let value = try mediator.perform(url: "app://TypedShop/basket?items=3&items=4&coupon=a%26b").get()
        let basket = try #require(value as? Basket)
        #expect(basket.items == [4] && basket.coupon == "a&b")
        let error = mediator.perform(url: "app://TypedShop/basket?items=x").failure
        #expect(error?.code == .invalidParameter)
        #expect(
            error?.message == #"Parameters of "TypedShop.basket" do not decode: field "items": "x" is not a valid Int."#
        )
    }

    @Test func untypedCallersReachTypedActionsWithNativeValues() throws {
        let value = mediator.perform(
            target: "TypedShop", action: "basket", params: ["items": [7, 8], "express": true])
        let basket = try #require(value as? Basket)
        #expect(basket.items == [7, 8] && basket.coupon == "express")
        #expect(mediator.perform(target: "TypedShop", action: "basket", params: ["items": ["x"]]) == nil)
    }

    /// Numbers from JSON or Objective-C arrive as `NSNumber`s: each reads as its number, and a
    /// JSON boolean as a boolean.
    @Test func untypedCallersReachTypedActionsWithJSONNumbers() throws {
        let json = #"{"items": [1, 0, 3, 25], "express": true, "coupon": 12.5}"#
        let params = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let basket = try #require(mediator.perform(target: "TypedShop", action: "basket", params: params) as? Basket)
        #expect(basket.items == [1, 0, 3, 25] && basket.coupon == "express")
        let plain: [String: Any] = [
            "items": [NSNumber(value: 1)], "coupon": NSNumber(value: 12.5), "express": NSNumber(value: false),
        ]
        let second = try #require(mediator.perform(target: "TypedShop", action: "basket", params: plain) as? Basket)
        #expect(second.items == [1] && second.coupon == "12.5")
    }

    /// A list where the field takes one value gives its last element, as the last of repeated
    /// query items wins in a URL.
    @Test func aListForAScalarFieldGivesItsLastElement() throws {
        let value = mediator.perform(
            target: "TypedShop", action: "basket", params: ["items": [5], "coupon": ["OLD", "NEW"]])
        let basket = try #require(value as? Basket)
        #expect(basket.items == [5] && basket.coupon == "NEW")
    }

    static let epoch = Date(timeIntervalSince1970: 0)
    static let textlessValues: [(String, any Sendable, String)] = [
        ("coupon", epoch, #"field "coupon" is a Date, which has no text"#),
        (
            "coupon", ["code": "SPRING"],
            #"field "coupon" is a Dictionary<String, String>, which has no text"#
        ),
        ("items", [1, epoch] as [any Sendable], #"field "items" is a Date, which has no text"#),
        ("items", ["x": 1], #"field "items" is a Dictionary<String, Int>, which has no text"#),
        ("items", [1, NSNull()] as [any Sendable], #"field "items" is null, which has no text"#),
    ]

    /// A field given a value that has no text (a `Date`, a dictionary, a list holding one) is
    /// present yet unreadable: the call fails naming it, rather than reading it as absent. Other
    /// parameters may hold anything.
    @Test(arguments: textlessValues)
    func aFieldGivenAValueWithoutTextFailsTheCall(field: String, value: any Sendable, message: String) {
        var params: [String: Any] = ["items": [1], "sender": Self.epoch]
        params[field] = value
        let result = mediator.performResult(target: "TypedShop", action: "basket", params: params)
        #expect(result.failure?.code == .invalidParameter)
        #expect(result.failure?.message == #"Parameters of "TypedShop.basket" do not decode: \#(message)."#)
        let fine = mediator.performResult(
            target: "TypedShop", action: "basket", params: ["items": [1], "sender": Date()])
        #expect((try? fine.get()) as? Basket != nil)
    }

    @Test func failures() {
        let missing = Mediator()
        #expect(caught { try missing.perform(CountRequest()) }?.code == .targetNotFound)
        struct Nope: MediatorRequest {
            typealias Response = Int; static let target = "TypedShop"; static let action = "nope"
        }
        #expect(caught { try mediator.perform(Nope()) }?.code == .actionNotFound)
        struct Wrong: MediatorRequest {
            typealias Response = Int; static let target = "TypedShop"; static let action = "untyped"; var id = 1;
            var tags: [String] = []
        }
        let wrong = caught { try mediator.perform(Wrong()) }
        #expect(wrong?.code == .invalidResult)
        #expect(wrong?.message == #""TypedShop.untyped" returned a value of type String where Int was expected."#)
    }

    /// An action that returns nil answers a call whose `Response` is optional, and fails any other, `Any` included
    /// (which a nil boxes into).
    @Test func aNilResultIsAResponseOnlyWhenTheResponseIsOptional() {
        struct Nothing<Response>: MediatorRequest {
            static var target: String { "TypedShop" }
            static var action: String { "nothing" }
        }
        #expect(caught { _ = try mediator.perform(Nothing<Int?>()) } == nil)
        #expect(caught { _ = try mediator.perform(Nothing<Any?>()) } == nil)
        let anything = caught { _ = try mediator.perform(Nothing<Any>()) }
        for failure in [anything, caught { try mediator.perform(Nothing<Int>()) }] {
            #expect(failure?.code == .invalidResult)
            #expect(failure?.message.hasPrefix(#""TypedShop.nothing" returned nil where "#) == true)
        }
    }

    @Test func theRouterBridgeDecodesTheRequest() throws {
        let router = Router()
        try router.register("shop://basket/:coupon", request: BasketRequest.self, on: mediator)
        try router.registerObject("shop://basket/*") { _ in "fallback" }
        let basket = try #require(router.object(for: "shop://basket/SUMMER?items=1&items=2") as? Basket)
        #expect(basket.items == [1, 2] && basket.coupon == "SUMMER")
        #expect(router.object(for: "shop://basket/SUMMER?items=x") as? String == "fallback")
        #expect(
            router.explain("shop://basket/SUMMER?items=x").candidates.first { $0.pattern == "shop://basket/:coupon" }?
                .verdict == .fieldMismatch(#"field "items": "x" is not a valid Int"#))
        let error = caught {
            try router.register("shop://basket/:code/:coupon", request: BasketRequest.self, on: mediator)
        }
        #expect(
            error?.message
                == #"Invalid pattern "shop://basket/:code/:coupon": the placeholder ":code" has no field in BasketRequest."#
        )
    }

    @Test func theUntypedBridgeReachesATypedAction() throws {
        let router = Router()
        try router.register("shop://count/:id", target: "TypedShop", action: "basket", on: mediator)
        let basket = try #require(router.object(for: "shop://count/1?items=9&coupon=x") as? Basket)
        #expect(basket.items == [9] && basket.coupon == "x")
        #expect(router.outcomes("shop://count/1?items=q") == [.failure(.invalidParameter)])
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

struct FallbackRequest: MediatorRequest {
    typealias Response = String
    static let target = "TypedFallback"
    static let action = Mediator.notFoundAction
    var count: Int
}

struct Target_TypedFallback: MediatorTarget {
    var actions: [String: MediatorAction] {
        [FallbackRequest.action: FallbackRequest.handler { request in "missing, count \(request.count)" }]
    }
}

@Suite("Typed actions: a typed notFound fallback")
struct TypedFallbackTests {
    @Test func decodesAsADirectActionDoes() throws {
        let mediator = Mediator()
        mediator.register(Target_TypedFallback.self)
        let found = mediator.perform(target: "TypedFallback", action: "gone", params: ["count": 2])
        #expect(found as? String == "missing, count 2")
        let failed = mediator.performResult(target: "TypedFallback", action: "gone", params: ["count": "abc"])
        #expect(failed.failure?.code == .invalidParameter, "\(failed)")
        #expect(mediator.perform(url: "app://TypedFallback/gone?count=abc").failure?.code == .invalidParameter)
    }
}
