import Foundation
import Synchronization
import Testing

@testable import URLRouter

/// Collects values from handlers, completions and observers, from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

    func record(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
}

/// A completion's result with the value turned into text, so that tests can compare it.
enum Outcome: Sendable, Equatable {
    case value(String?)
    case failure(RouteError.Code)

    init(_ result: Result<Any?, RouteError>) {
        switch result {
        case .success(let value): self = .value(value.map { "\($0)" })
        case .failure(let error): self = .failure(error.code)
        }
    }
}

extension Router {
    /// Opens `url` and returns every result its completion received (it must be exactly one).
    func outcomes(_ url: String, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:]) -> [Outcome] {
        let recorder = Recorder<Outcome>()
        open(url, source: source, userInfo: userInfo) { recorder.record(Outcome($0)) }
        return recorder.values
    }
}

/// Records every call of a completion, so tests can check it ran exactly once and with what.
final class CompletionLog: Sendable {
    private let outcomes = Locked<[Outcome]>([])

    /// A completion that appends to this log.
    var completion: @Sendable (Result<Any?, RouteError>) -> Void {
        { [self] result in
            let outcome = Outcome(result)
            outcomes.withLock { $0.append(outcome) }
        }
    }

    /// Every outcome so far, in order.
    var all: [Outcome] { outcomes.withLock { $0 } }
}

/// A thread-safe counter for handlers.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

/// A thread-safe slot for one value of any Sendable type.
final class Slot<Value: Sendable>: Sendable {
    private let value: Locked<Value?>
    init(_ value: Value? = nil) { self.value = Locked(value) }
    func set(_ newValue: Value?) { value.withLock { $0 = newValue } }
    var get: Value? { value.withLock { $0 } }
}

/// A router whose routes return their own pattern as their object, so that `object(for:)`
/// and `match(_:)` both tell which pattern won.
func patternEchoRouter(_ patterns: [String], options: Router.Options = Router.Options()) throws -> Router {
    let router = Router(options: options)
    for pattern in patterns {
        try router.registerObject(pattern) { request in request.pattern }
    }
    return router
}

/// The pattern `url` reaches, checked three ways that must agree: `match`, `canOpen` and
/// `object(for:)`.
func winner(_ router: Router, _ url: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let matched = router.match(url)?.pattern
    #expect(
        router.canOpen(url) == (matched != nil), "canOpen disagrees with match for \(url)",
        sourceLocation: sourceLocation)
    let opened = router.object(for: url) as? String
    #expect(opened == matched, "object(for:) disagrees with match for \(url)", sourceLocation: sourceLocation)
    return matched
}

/// The error a throwing call threw, or nil.
func caught<T>(_ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation) -> RouteError? {
    do {
        _ = try body()
        return nil
    } catch let error as RouteError {
        return error
    } catch {
        Issue.record("threw \(error), not a RouteError", sourceLocation: sourceLocation)
        return nil
    }
}

extension String {
    /// The segment percent-decoded, as the router reads it (test inputs are well formed).
    var removingPercentEncodingForTest: String {
        var bytes: [UInt8] = []
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"),
                let value = UInt8(String(self[utf8.index(after: index)...].prefix(2)), radix: 16)
            {
                bytes.append(value)
                index = utf8.index(index, offsetBy: 3)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Runs `body` on a new thread with the given stack size and returns its result: what a
/// background thread on Apple platforms (512 KiB) would see.
func onThread<Value: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Value) -> Value {
    let result = Locked<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return result.withLock { $0 }!
}

/// Runs `body` on `count` new threads at once and returns their results in thread order.
func onThreads<Value: Sendable>(_ count: Int, _ body: @escaping @Sendable (_ index: Int) -> Value) -> [Value] {
    let results = Locked<[Int: Value]>([:])
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            let value = body(index)
            results.withLock { $0[index] = value }
            group.leave()
        }.start()
    }
    group.wait()
    return results.withLock { results in (0..<count).map { results[$0]! } }
}

/// The CPU time the calling thread spends in `body`. Unlike wall time it does not stretch when
/// other tests (or other programs) share the cores, so a bound on it holds on a busy machine.
func threadCPUTime(_ body: () throws -> Void) rethrows -> Duration {
    func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
    let start = now()
    try body()
    return now() - start
}

/// SplitMix64: small, fast, and the same sequence on every platform.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True one time in `odds`.
    mutating func chance(_ odds: Int) -> Bool { Int.random(in: 0..<odds, using: &self) == 0 }

    mutating func pick<Element>(_ choices: [Element]) -> Element { choices.randomElement(using: &self)! }

    /// One to `pieces` pieces of hostile text joined.
    mutating func text(_ alphabet: [String] = SeededRandom.nasty, pieces: Int = 5) -> String {
        (0..<Int.random(in: 1...pieces, using: &self)).map { _ in pick(alphabet) }.joined()
    }

    static let nasty = [
        "a", "Z", "0", "-", ".", "_", "~", "%", "%zz", "%E4", "%41", "/", "?", "#", "&", "=", "+", " ",
        "é", "家", "😀", "\u{301}", ":", "@", "*", "(", "<",
    ]
    static let literal = [
        "a", "b", "item", "0", "-", ".", "~", "%zz", "%E4", "%20", "é", "家", "😀", "\u{301}", "@", "+",
    ]

    /// A URL built from real and hostile pieces: scheme, separators, segments, query, fragment.
    mutating func url() -> String {
        var url = pick(["shop://", "shop:", "SHOP://", "tel:", "x://", "", "/", "//", "shop:///"])
        let segments =
            [
                "item", "42", "new", "edit", "x.html", ".html", "files", "a", "b", "c", "d", "cat", "list",
                "about", "en", "home", "%34%32", "%2F", "",
            ] + Self.nasty
        for _ in 0..<Int.random(in: 0...5, using: &self) {
            url += pick(segments) + (chance(4) ? pick(segments) : "") + pick(["/", "/", "//"])
        }
        if chance(3) { url = String(url.dropLast()) }
        if chance(3) {
            url +=
                "?"
                + (0..<Int.random(in: 0...3, using: &self)).map { _ in
                    text(pieces: 2) + (chance(3) ? "" : "=" + text(pieces: 3))
                }.joined(separator: pick(["&", "&&"]))
        }
        if chance(4) { url += "#" + text() }
        return url
    }
}
