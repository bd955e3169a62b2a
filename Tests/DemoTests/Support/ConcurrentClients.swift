import Foundation
import Testing

/// Failures collected from client threads.
///
/// `@unchecked Sendable`: `entries` is only touched under `lock`, an `NSLock` because
/// ThreadSanitizer does not model `Synchronization.Mutex`'s Linux futexes.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func add(_ message: String) { lock.withLock { entries.append(message) } }
    var messages: [String] { lock.withLock { entries } }
}

/// Runs `count` clients at once, each on its own thread with its own connection to the daemon
/// at `socketPath`. Each runs `body` (with its index), then closes its side and checks that no
/// reply is left over. Records every failure and expects none, and expects all clients to be
/// done within 30 seconds.
///
/// ```swift
/// runConcurrentClients(64, socketPath: daemon.socketPath) { client, index, failures in
///     let reply = try ReplyLine(client.request("OPEN \(DemoLinks.item(index))", timeout: 10))
///     if reply.parameters["id"] != String(index) { failures.add("client \(index): wrong reply") }
/// }
/// ```
func runConcurrentClients(
    _ count: Int, socketPath: String,
    _ body: @escaping @Sendable (RawClient, Int, FailureLog) throws -> Void
) {
    let failures = FailureLog()
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            defer { group.leave() }
            do {
                let client = try RawClient(path: socketPath)
                try body(client, index, failures)
                client.shutdownWrite()
                let extra = try client.waitForClose(timeout: 10)
                if !extra.isEmpty { failures.add("client \(index): \(extra.count) extra replies") }
            } catch {
                failures.add("client \(index): \(error)")
            }
        }.start()
    }
    #expect(group.wait(timeout: .now() + 30) == .success, "clients still waiting after 30 s")
    #expect(failures.messages.isEmpty, "\(failures.messages.prefix(5))")
}
