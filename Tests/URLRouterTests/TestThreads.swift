import Foundation
@testable import URLRouter

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
