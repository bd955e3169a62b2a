import Foundation
import Synchronization
import Testing

/// Failures collected from client threads.
final class FailureLog: Sendable {
    private let entries = Mutex<[String]>([])

    func add(_ message: String) { entries.withLock { $0.append(message) } }
    var messages: [String] { entries.withLock { $0 } }
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
