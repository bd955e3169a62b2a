import Synchronization

/// An open that arrived while the router was not ready.
struct DeferredOpen: Sendable {
    let url: String
    let source: RouteSource
    let userInfo: [String: any Sendable]
    let respond: RouteResponse.Handler?
}

extension Router {
    /// Whether opens run now. While false (during start-up, before login), opens wait in a
    /// queue of at most ``Limits/maxDeferredOpens``; setting it back to true replays them in order
    /// on the thread that set it. When the queue is full the oldest open is dropped: its
    /// completion gets ``RouteError/Code/dropped`` and observers see ``RouteEvent/Outcome/dropped``.
    ///
    /// ```swift
    /// router.isReady = false
    /// router.open("shop://item/42")     // false: queued
    /// router.isReady = true             // the handler runs now
    /// ```
    public var isReady: Bool {
        get { readyFlag.load(ordering: .acquiring) }
        set {
            if newValue {
                replayDeferred()
            } else {
                deferred.withLock { _ in readyFlag.store(false, ordering: .releasing) }
            }
        }
    }

    /// How many opens are waiting for ``isReady``.
    public var deferredCount: Int { deferred.withLock { $0.count } }

    /// Queues the open when the router is not ready; true if it did.
    func deferIfNotReady(
        _ url: String, source: RouteSource, userInfo: [String: any Sendable], respond: RouteResponse.Handler?
    ) -> Bool {
        if readyFlag.load(ordering: .acquiring) { return false }
        let dropped: DeferredOpen?? = deferred.withLock { queue in
            guard !readyFlag.load(ordering: .acquiring) else { return nil }
            queue.append(.init(url: url, source: source, userInfo: userInfo, respond: respond))
            return .some(queue.count > options.limits.maxDeferredOpens ? queue.removeFirst() : nil)
        }
        guard let dropped else { return false }
        let table = currentTable()
        table.notify(url: url, source: source, pattern: nil, outcome: .deferred, since: .now)
        if let dropped {
            let error = RouteError(
                .dropped,
                "Dropped \(RouteError.quoted(dropped.url)): more than \(options.limits.maxDeferredOpens) opens waited for the router to be ready (Router.Limits.maxDeferredOpens)."
            )
            dropped.respond?(RouteResponse(url: dropped.url, match: nil, result: .failure(error)))
            table.notify(url: dropped.url, source: dropped.source, pattern: nil, outcome: .dropped, since: .now)
        }
        return true
    }

    /// Replays queued opens in order until the queue is empty, then lets opens run directly.
    /// Opens that arrive meanwhile (from a replayed handler too) queue behind, keeping order.
    private func replayDeferred() {
        while true {
            let batch: [DeferredOpen] = deferred.withLock { queue in
                defer { queue.removeAll() }
                if queue.isEmpty { readyFlag.store(true, ordering: .releasing) }
                return queue
            }
            if batch.isEmpty { return }
            for open in batch {
                perform(open.url, source: open.source, userInfo: open.userInfo, respond: open.respond)
            }
        }
    }
}
