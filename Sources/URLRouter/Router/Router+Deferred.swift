import Synchronization

/// An open that arrived while the router was not ready.
struct DeferredOpen: Sendable {
    let url: String
    let source: RouteSource
    let userInfo: [String: any Sendable]
    let respond: RouteResponse.Handler?
    /// True once the open is withdrawn (its `value(opening:)` task was cancelled): it waits no more.
    let withdrawn: @Sendable () -> Bool

    /// Fails the open with `.dropped`, saying why, and tells the observers of `table`.
    func drop(_ reason: String, in table: RouteTable) {
        let error = RouteError(.dropped, "Dropped \(RouteError.quoted(url)): \(reason)")
        respond?(RouteResponse(url: url, match: nil, result: .failure(error)))
        table.notify(url: url, source: source, pattern: nil, outcome: .dropped)
    }
}

extension Router {
    /// Whether opens run now. While false (during start-up, before login), opens wait in a
    /// queue of at most ``Limits/maxDeferredOpens``; setting it back to true replays them in order,
    /// one at a time, on the thread that set it, until the queue is empty (it then reads true) or
    /// it is set to false again. When the queue is full, a withdrawn open (else the oldest external one, else the
    /// oldest) is dropped: its completion gets ``RouteError/Code/dropped``, observers ``RouteEvent/Outcome/dropped``.
    ///
    /// ```swift
    /// router.isReady = false
    /// router.open("shop://item/42")     // false: queued
    /// router.isReady = true             // the handler runs now
    /// ```
    public var isReady: Bool {
        get { readyFlag.load(ordering: .acquiring) }
        set {
            let replays = deferred.withLock { queue in
                queue.wanted = newValue
                if !newValue { readyFlag.store(false, ordering: .releasing) }
                guard newValue, !queue.replaying else { return false }
                queue.replaying = true
                return true
            }
            if replays { replayDeferred() }
        }
    }

    /// How many opens are waiting for ``isReady``: 0 once the router is ready and has replayed them.
    public var deferredCount: Int { deferred.withLock { $0.opens.count { !$0.withdrawn() } } }

    /// Queues the open when the router is not ready, unless the allow-lists refuse it; true if it did.
    func deferIfNotReady(
        _ url: String, source: RouteSource, userInfo: [String: any Sendable], respond: RouteResponse.Handler?,
        withdrawn: @escaping @Sendable () -> Bool = { false }
    ) -> Bool {
        if readyFlag.load(ordering: .acquiring) { return false }
        let table = currentTable()
        // Refused now, not queued: a flood of such links cannot push the app's own opens out.
        if source == .external, table.schemeRefusal(url) != nil { return false }
        // Told before it is queued: once queued, another thread's replay may run it at once.
        table.notify(url: url, source: source, pattern: nil, outcome: .deferred)
        let (queued, dropped) = deferred.withLock { queue -> (Bool, DeferredOpen?) in
            guard !readyFlag.load(ordering: .acquiring) else { return (false, nil) }
            queue.opens.append(
                DeferredOpen(url: url, source: source, userInfo: userInfo, respond: respond, withdrawn: withdrawn))
            guard queue.opens.count > options.limits.maxDeferredOpens else { return (true, nil) }
            let index = queue.opens.firstIndex { $0.withdrawn() } ?? queue.opens.firstIndex { $0.source == .external }
            return (true, queue.opens.remove(at: index ?? 0))
        }
        let limit = "Router.Limits.maxDeferredOpens is \(options.limits.maxDeferredOpens)"
        dropped?.drop("the queue of opens waiting for the router is full (\(limit)).", in: table)
        return queued
    }

    /// Replays queued opens one at a time, in order, until the queue is empty (then opens run
    /// directly) or `isReady` is set to false. Opens that arrive meanwhile queue behind; setting
    /// `isReady = true` meanwhile, on any thread, leaves them to this replay.
    private func replayDeferred() {
        while let open = deferred.withLock({ queue -> DeferredOpen? in
            if queue.wanted, !queue.opens.isEmpty { return queue.opens.removeFirst() }
            if queue.wanted { readyFlag.store(true, ordering: .releasing) }
            queue.replaying = false
            return nil
        }) {
            guard !open.withdrawn() else { open.drop("its task was cancelled.", in: currentTable()); continue }
            perform(open.url, source: open.source, userInfo: open.userInfo, respond: open.respond)
        }
    }
}
