import Synchronization
@testable import URLRouter

/// Collects values from handlers, completions and observers, from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

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
