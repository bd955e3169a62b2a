import Testing
import URLRouter

/// What the probe targets and the no-target handler did, recorded per test: the record is a
/// task-local value, and actions and handlers run on the caller's thread inside its task, so
/// tests running at the same time never see each other's records.
enum ProbeRecord {
    @TaskLocal static var current: Recorder<String>?

    /// Performs `url` on `mediator` and returns its outcome and everything that ran, in order:
    /// `"Probe.ping"`, `"Probe.notFound(x)"`, `"told Nobody.x"` (the no-target handler).
    static func perform(_ url: String, on mediator: Mediator) -> (outcome: Outcome, ran: [String]) {
        let record = Recorder<String>()
        let completions = Recorder<Outcome>()
        let result = $current.withValue(record) {
            mediator.perform(url: url) { completions.record(Outcome($0)) }
        }
        #expect(completions.values == [Outcome(result)], "\(url.debugDescription)")
        return (Outcome(result), record.values)
    }

    /// Opens `url` through `router` and returns its outcome and everything that ran.
    static func open(_ url: String, on router: Router, source: RouteSource) -> (outcome: [Outcome], ran: [String]) {
        let record = Recorder<String>()
        let outcomes = $current.withValue(record) { router.outcomes(url, source: source) }
        return (outcomes, record.values)
    }

    /// Records `entry` and returns it, as an action's value.
    static func ran(_ entry: String) -> String {
        current?.record(entry)
        return entry
    }
}

/// A target with two actions and a `notFound` that accepts any other name.
struct ProbeTarget: MediatorTarget {
    static var targetName: String { "Probe" }
    var actions: [String: MediatorAction] {
        [
            "ping": { _ in ProbeRecord.ran("Probe.ping") },
            "pong": { _ in ProbeRecord.ran("Probe.pong") },
            Mediator.notFoundAction: { params in
                ProbeRecord.ran("Probe.notFound(\(params[Mediator.missingActionKey] ?? "?"))")
            },
        ]
    }
}

/// A target with one action and no `notFound`.
struct BareTarget: MediatorTarget {
    static var targetName: String { "Bare" }
    var actions: [String: MediatorAction] {
        ["ping": { _ in ProbeRecord.ran("Bare.ping") }]
    }
}

/// A mediator with ``ProbeTarget`` and ``BareTarget`` registered, no module searched, and a
/// no-target handler that records `"told <target>.<action>"`.
func probeMediator(_ policy: RemotePolicy = RemotePolicy()) -> Mediator {
    let mediator = Mediator()
    mediator.register(ProbeTarget.self)
    mediator.register(BareTarget.self)
    mediator.noTargetHandler = { target, action, _ in _ = ProbeRecord.ran("told \(target).\(action)") }
    mediator.remotePolicy = policy
    return mediator
}
