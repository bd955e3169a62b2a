import Foundation
import Synchronization

@testable import URLRouter

/// Fuzz target: random URLs against typed routes, with an untyped catch-all beneath them.
///
/// Invariants: nothing crashes; a typed match prints (`url(for:)`) to a URL that matches back
/// to the same value; a URL whose values do not decode is no match for its typed route: `open`
/// goes to the next route, `match` and `canOpen` agree with it, and `explain` names the failed
/// field;
/// a typed handler receives what `match(_:as:)` returns; a mediator URL call of a typed action
/// decodes or fails with `.invalidParameter`, never anything else.
@_cdecl("LLVMFuzzerTestOneInput")
public func typedMatchingFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0, let data else { return 0 }
    let url = fuzzText(data, size)
    let router = typedRouter
    let shown = { fuzzShow(url) }

    let match = router.match(url)
    let item = router.match(url, as: FuzzItemRoute.self)
    let word = router.match(url, as: FuzzWordRoute.self)
    for (value, pattern) in [(item.map { $0 as any URLRoute }, FuzzItemRoute.pattern), (word, FuzzWordRoute.pattern)] {
        guard let value else { continue }
        fuzzCheck(match != nil, "\(shown()) matches \(pattern) as a type but not as a string")
        checkRoundTrip(value, router: router, url: url)
    }

    let seen = Mutex<[String]>([])
    let opened = router.open(url) { result in
        seen.withLock { $0.append((try? result.get()).flatMap { $0 as? String } ?? "error") }
    }
    let outcome = seen.withLock { $0 }
    fuzzCheck(outcome.count == 1, "completion ran \(outcome.count) times for \(shown())")
    fuzzCheck(opened == router.canOpen(url), "canOpen and open disagree on \(shown())")

    // The winner by pattern alone, before any field is decoded.
    let winner: String? = if case .matched(let raw) = router.currentTable().lookup(url) { raw.pattern } else { nil }
    let typedPattern = winner == FuzzItemRoute.pattern || winner == FuzzWordRoute.pattern
    let decoded: Any? = winner == FuzzItemRoute.pattern ? item : winner == FuzzWordRoute.pattern ? word : nil
    if typedPattern, let decoded {
        fuzzCheck(
            match?.pattern == winner, "\(shown()) decodes for \(winner!) but match names \(String(describing: match))")
        fuzzCheck(outcome == ["\(decoded)"], "\(shown()) decoded as \(decoded) but the handler saw \(outcome)")
    } else if typedPattern {
        let failedType = winner == FuzzItemRoute.pattern ? "FuzzItemRoute(" : "FuzzWordRoute("
        fuzzCheck(
            !outcome.contains { $0.hasPrefix(failedType) }, "\(shown()) does not decode yet its handler ran: \(outcome)"
        )
        fuzzCheck(match?.pattern != winner, "match gives \(shown()) to \(winner!) whose fields do not decode")
        let explanation = router.explain(url)
        fuzzCheck(explanation.winner == match?.pattern, "explain and match disagree on \(shown())")
        fuzzCheck(explanation.winner != winner, "explain gives \(shown()) to \(winner!) whose fields do not decode")
        let verdict = explanation.candidates.first { $0.pattern == winner }?.verdict
        guard case .fieldMismatch? = verdict else {
            fuzzCheck(false, "explain's verdict for \(winner!) on \(shown()) is \(String(describing: verdict))")
            return 0
        }
    }

    let call = fuzzMediator.perform(
        url: "app://FuzzTyped/item?" + (url.split(separator: "?", maxSplits: 1).last.map(String.init) ?? ""))
    if case .failure(let error) = call {
        fuzzCheck(error.code == .invalidParameter, "the typed action failed with \(error) for \(shown())")
    }
    return 0
}

/// Prints `value` and matches the URL back: the same value.
private func checkRoundTrip<Route: URLRoute>(_ value: Route, router: Router, url: String) {
    guard let printed = try? router.url(for: value) else {
        fuzzCheck(false, "\(value) matched from \(fuzzShow(url)) does not print")
        return
    }
    let back = router.match(printed, as: Route.self)
    fuzzCheck(
        back.map { "\($0)" } == "\(value)",
        "\(fuzzShow(url)) → \(value) → \(fuzzShow(printed)) → \(String(describing: back))")
}

enum FuzzSort: String, Codable, Sendable { case price, name }

struct FuzzItemRoute: URLRoute {
    static let pattern = "fz://item/:id<int>"
    var id: Int
    var ref: String?
    var tags: [String]
    var sort: FuzzSort?
    var flag: Bool?
    var token: UUID?
    var ratio: Double?
    var counts: [UInt8]?
}

struct FuzzWordRoute: URLRoute {
    static let pattern = "fz://:word/:count"
    var word: String
    var count: UInt8
    var big: Int64?
}

struct FuzzItemRequest: MediatorRequest {
    typealias Response = String
    static let target = "FuzzTyped"
    static let action = "item"
    var id: Int
    var tags: [String]
    var sort: FuzzSort?
}

struct Target_FuzzTyped: MediatorTarget {
    var actions: [String: MediatorAction] { [FuzzItemRequest.action: FuzzItemRequest.handler { "\($0)" }] }
}

let fuzzMediator: Mediator = {
    let mediator = Mediator()
    mediator.register(Target_FuzzTyped.self)
    return mediator
}()

let typedRouter: Router = {
    let router = Router()
    try! router.register(FuzzItemRoute.self, priority: 1) { value, request in request.complete("\(value)") }
    try! router.register(FuzzWordRoute.self) { value, request in request.complete("\(value)") }
    try! router.register("fz://**") { request in request.complete("catch-all") }
    try! router.register("/item/:id") { request in request.complete("scheme-less") }
    return router
}()
