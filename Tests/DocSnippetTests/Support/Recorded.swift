import Foundation

/// A value that handlers on any thread may change, for a test to read.
///
/// `@unchecked Sendable`: `stored` is only read or written under `lock`.
final class Recorded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in one step, as `value += 1` would not.
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
