import Testing

@testable import URLRouter

/// A request whose fields the decoder refuses (registration of a typed bridge does too).
struct NestedListsRequest: MediatorRequest {
    typealias Response = String
    static let target = "NestedLists"
    static let action = "raw"
    var grid: [[String]]?
    var counts: [Int?]?
}

/// An action that reads its parameters as a dictionary.
struct Target_NestedLists: MediatorTarget {
    var actions: [String: MediatorAction] {
        ["raw": { params in "\(params["grid"] ?? "-") \(params["counts"] ?? "-")" }]
    }
}

/// A route type `register` refuses; `url(for:)` does not need it registered.
private struct GridRoute: URLRoute {
    static let pattern = "grid://p"
    var grid: [[String]]
}

/// The encoder writes what the decoder would refuse: `[[a, b], [c]]` as the three texts of `[a, b, c]`, and
/// `[1, nil, 2]` as `[1, 2]`. TypedRoutes.md: a field no text can hold is `.invalidParameter` for `perform`, and an
/// array of optionals "would come back as [1]".
@Suite("Typed values: the encoder refuses what the decoder refuses")
struct TypedEncoderRefusalTests {
    @Test func performRefusesANestedArrayInsteadOfFlatteningIt() {
        let mediator = Mediator()
        mediator.register(Target_NestedLists.self)
        let error = caught { _ = try mediator.perform(NestedListsRequest(grid: [["a", "b"], ["c"]])) }
        #expect(error?.code == .invalidParameter)
    }

    @Test func performRefusesAnArrayOfOptionalsInsteadOfDroppingTheNils() {
        let mediator = Mediator()
        mediator.register(Target_NestedLists.self)
        let error = caught { _ = try mediator.perform(NestedListsRequest(counts: [1, nil, 2])) }
        #expect(error?.code == .invalidParameter)
    }

    @Test func urlForRefusesANestedArray() {
        let error = caught { _ = try Router().url(for: GridRoute(grid: [["a", "b"], ["c"]])) }
        #expect(error?.code == .invalidParameter)
    }
}
