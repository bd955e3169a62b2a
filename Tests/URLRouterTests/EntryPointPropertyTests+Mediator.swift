import Foundation
import Testing

@testable import URLRouter

extension EntryPointPropertyTests {
    /// Random target and action names (empty, `/`, NUL, dots, case variants, names of real types)
    /// → `performResult` and `perform(target:action:)` on a mediator that also discovers types
    /// in this module: what runs is what a plain table of its targets predicts; a failure is
    /// `.targetNotFound` or `.actionNotFound` quoting the target, after the no-target handler ran
    /// once; only a plain identifier naming a real `Target_` type is discovered; a cached target
    /// is released once.
    @Test(arguments: 0..<4)
    func localCallsByAnyNameRunOrFailClearly(batch: UInt64) {
        var random = SeededRandom(seed: 0x10CA_1000 + batch)
        let mediator = probeMediator()
        mediator.searchModules = ["URLRouterTests"]
        let targets = [
            "Probe", "Bare", "probe", "EntryFound", "entryfound", "Entry", "Found", "Nobody", "", "/", "\u{0}", ".",
            "é", "Target_", "URLRouterTests.", "1", "_", " ", "%", "\n", "DiscoStruct",
        ]
        let actions = ["ping", "pong", "echo", "kind", "notFound", "nativeX", "", "/", "\u{0}", "é", "Ping", " "]
        var ran = 0
        for index in 0..<800 {
            func name(_ pieces: [String], _ known: [String]) -> String {
                random.chance(2) ? random.pick(known) : (0...random.next(3)).map { _ in random.pick(pieces) }.joined()
            }
            let target = name(targets, ["Probe", "Bare", "EntryFound", "DiscoStruct"])
            let action = name(actions, ["ping", "pong", "echo", "kind"])
            let label = "seed \(batch), case \(index): \(target.debugDescription).\(action.debugDescription)"
            let record = Recorder<String>()
            let cache = random.chance(2)
            let result = ProbeRecord.$current.withValue(record) {
                mediator.performResult(target: target, action: action, cacheTarget: cache)
            }
            let expected: (outcome: Outcome, ran: [String])
            switch (target, action) {
            case ("Probe", "ping"), ("Probe", "pong"), ("Bare", "ping"): expected = (.value("\(target).\(action)"), [])
            case ("Probe", _): expected = (.value("Probe.notFound(\(action == "notFound" ? "?" : action))"), [])
            case ("EntryFound", "echo"): expected = (.value("EntryFound.echo"), [])
            case ("DiscoStruct", "kind"): expected = (.value("struct"), [])
            case ("Bare", _), ("EntryFound", _), ("DiscoStruct", _):
                expected = (.failure(.actionNotFound), ["told \(target).\(action)"])
            default: expected = (.failure(.targetNotFound), ["told \(target).\(action)"])
            }
            let shown = record.values.filter { $0.hasPrefix("told") }
            #expect(Outcome(result) == expected.outcome && shown == expected.ran, "\(label): \(result) \(shown)")
            if case .failure(let error) = result {
                #expect(mentions(error.message, target), "\(label): \(error.message)")
            } else {
                ran += 1
            }
            let value = mediator.perform(target: target, action: action) as? String
            #expect(value == (try? result.get()) as? String, "\(label): perform")
            let found = expected.outcome != .failure(.targetNotFound)
            #expect(mediator.releaseCachedTarget(target) == (cache && found), "\(label): cached")
            #expect(!mediator.releaseCachedTarget(target), "\(label): released twice")
        }
        #expect(ran > 100, "too few calls ran (\(ran)) for the property to mean much")
    }

    /// Random target and action names bridged from a route (`register(_:target:action:on:)`)
    /// under random remote policies: an external open is refused, or runs, exactly as the
    /// reference reading of the same names in a mediator URL predicts; `canOpen` and `explain`
    /// say the same; an internal open runs the local call, whatever the names.
    @Test(arguments: 0..<4)
    func bridgedRoutesObeyTheRemoteRulesForAnyNames(batch: UInt64) throws {
        var random = SeededRandom(seed: 0xB21D_6E00 + batch)
        func name(_ pieces: [String]) -> String {
            (0..<(random.chance(3) ? 2 : 1)).map { _ in ReferencePolicy.decoded(random.pick(pieces)) }.joined()
        }
        var tally: [String: Int] = [:]
        for index in 0..<600 {
            let policy = ReferencePolicy(&random)
            let mediator = probeMediator(policy.remotePolicy)
            let target = name(MediatorRemotePolicyPropertyTests.targetPieces)
            let action = name(MediatorRemotePolicyPropertyTests.actionPieces)
            let router = Router()
            try router.register("app://bridge/:n", target: target, action: action, on: mediator)
            let url = "app://bridge/1" + random.pick(["", "?a=1", "?token=x#f"])
            let label = "seed \(batch), case \(index): \(target.debugDescription).\(action.debugDescription), \(policy)"
            let expected =
                target.isEmpty || action.isEmpty
                ? .refused("unusable name")
                : policy.expectation(for: "app://\(escaped(target))/\(escaped(action))")
            tally[expected.kind, default: 0] += 1
            let refused = expected.outcome == .failure(.refused)
            let external = ProbeRecord.open(url, on: router, source: .external)
            #expect(external.outcome == [expected.outcome] && external.ran == expected.ran, "\(label): \(external)")
            #expect(router.canOpen(url, source: .external) == !refused, "\(label): canOpen")
            #expect((router.explain(url, source: .external).refusal != nil) == refused, "\(label): explain")
            let record = Recorder<String>()
            let local = ProbeRecord.$current.withValue(record) {
                mediator.performResult(target: target, action: action)
            }
            let inside = ProbeRecord.open(url, on: router, source: .internal)
            #expect(inside.outcome == [Outcome(local)] && inside.ran == record.values, "\(label): \(inside)")
        }
        for kind in ["unusable name", "always refused", "policy refused", "ran"] {
            #expect(tally[kind, default: 0] >= 20, "seed \(batch): only \(tally[kind, default: 0]) cases of \(kind)")
        }
    }

    /// Random text in a typed request's fields → `perform(_:)`, a mediator URL and a typed
    /// bridged route (`register(_:request:on:)`): the action gets the same value back each
    /// way (a URL call keeps one array element, the last); a field that does not decode is
    /// `.invalidParameter` from a URL call and no match for the route.
    @Test(arguments: 0..<4)
    func typedCallsCarryAnyTextUnchanged(batch: UInt64) throws {
        var random = SeededRandom(seed: 0x7E_9ED0 + batch)
        let mediator = Mediator()
        mediator.register(Target_EntryTyped.self)
        let router = Router()
        try router.register("app://typed", request: EntryTypedRequest.self, on: mediator)
        for index in 0..<500 {
            let alphabet = SeededRandom.nasty + ["\u{0}", "\n", "e\u{301}", "%2F", "+", "", "ﬁ"]
            let request = EntryTypedRequest(
                text: random.text(alphabet), tags: (0..<random.next(4)).map { _ in random.text(alphabet) },
                count: random.chance(2) ? nil : random.pick([0, -7, Int.max, Int.min]))
            let badCount = random.chance(4) ? random.pick(["abc", "1.5", "99999999999999999999", "1 ", "0x10"]) : nil
            let label = "seed \(batch), case \(index): \(request) count \(badCount ?? "-")"
            #expect(try mediator.perform(request) == request, "\(label)")
            let count = (badCount ?? request.count.map { "\($0)" }).map { ["count=" + escaped($0)] } ?? []
            let text = "text=" + escaped(request.text)
            let tags = request.tags.map { "tags=" + escaped($0) }

            let call = mediator.perform(url: "app://EntryTyped/echo?" + ([text] + tags + count).joined(separator: "&"))
            var oneTag = request
            oneTag.tags = request.tags.suffix(1)
            if badCount != nil {
                #expect(call.routeError?.code == .invalidParameter, "\(label): \(call)")
                #expect(call.routeError?.message.isEmpty == false, "\(label)")
            } else {
                #expect((try? call.get()) as? EntryTypedRequest == oneTag, "\(label): \(call)")
            }
            let items = random.chance(2) ? [text] + tags + count : count + tags + [text]
            let url = "app://typed?" + items.joined(separator: "&")
            let opened = router.object(for: url) as? EntryTypedRequest
            #expect(opened == (badCount == nil ? request : nil), "\(label): \(url) gave \(String(describing: opened))")
        }
    }

    /// Random URLs, matched with and without form decoding, and random names → the readers of
    /// `RouteParameters`: the subscript is what `dictionary` holds, `int`/`double`/`bool` read the
    /// subscript's text. `RouteEvent.redactingQueryValues` keeps everything but query values,
    /// which the router then reads as `<redacted>`, and redacting twice changes nothing more.
    @Test(arguments: 0..<4)
    func parameterReadersAndRedactionAgree(batch: UInt64) throws {
        var random = SeededRandom(seed: 0x9A2A_0000 + batch)
        let patterns = PropertyTests.table.routes.map(\.pattern)
        let routers = [
            try patternEchoRouter(patterns), try patternEchoRouter(patterns, options: .init(formDecoding: true)),
        ]
        var read = 0
        for index in 0..<800 {
            let url = random.url()
            let router = random.pick(routers)
            let label = "seed \(batch), case \(index): \(url.debugDescription)"
            let redacted = RouteEvent.redactingQueryValues(url)
            #expect(RouteEvent.redactingQueryValues(redacted) == redacted, "\(label): \(redacted)")
            let scalars = Array(url.unicodeScalars)
            let hash = scalars.firstIndex(of: "#") ?? scalars.count
            let query = scalars[..<hash].firstIndex(of: "?") ?? hash
            #expect(redacted.unicodeScalars.starts(with: scalars[..<query]), "\(label): \(redacted)")
            #expect(redacted.unicodeScalars.reversed().starts(with: scalars[hash...].reversed()), "\(label)")
            guard let parameters = router.match(url)?.parameters else { continue }
            let dictionary = parameters.dictionary
            let names = Array(dictionary.keys) + parameters.queryItems.map(\.name) + [random.text(), "", "id"]
            for name in names {
                let value = parameters[name]
                #expect(value == dictionary[name], "\(label): [\(name.debugDescription)]")
                #expect(parameters.int(name) == value.flatMap { Int($0) }, "\(label): int")
                let double = value.flatMap { text in
                    Double(text).flatMap { $0.isFinite && text.allSatisfy("0123456789+-.eE".contains) ? $0 : nil }
                }
                #expect(parameters.double(name)?.bitPattern == double?.bitPattern, "\(label)")
                #expect(parameters.bool(name) == ["true": true, "1": true, "false": false, "0": false][value ?? "-"])
            }
            #expect(parameters.path.allSatisfy { dictionary[$0.key] == $0.value }, "\(label)")
            if let again = router.match(redacted)?.parameters {
                let items = parameters.queryItems
                #expect(again.queryItems.map(\.name) == items.map(\.name), "\(label): \(redacted)")
                #expect(again.path == parameters.path, "\(label): \(redacted)")
                let raw = scalars[min(query + 1, hash)..<hash].split(separator: "&", omittingEmptySubsequences: true)
                let values = zip(raw, again.queryItems).map { $0.contains("=") ? "<redacted>" : $1.value }
                #expect(again.queryItems.map(\.value) == values, "\(label): \(redacted)")
                read += 1
            }
        }
        #expect(read > 100, "too few redacted URLs read back (\(read))")
    }
}

/// Every byte but ASCII letters and digits as `%XX`.
private func escaped(_ text: String) -> String {
    text.utf8.map { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
    }.joined()
}

/// Found by discovery in this module, by name.
public struct Target_EntryFound: MediatorTarget {
    public init() {}
    public var actions: [String: MediatorAction] { ["echo": { _ in ProbeRecord.ran("EntryFound.echo") }] }
}

struct EntryTypedRequest: MediatorRequest, Equatable {
    typealias Response = EntryTypedRequest
    static let target = "EntryTyped"
    static let action = "echo"
    var text: String
    var tags: [String]
    var count: Int?
}

struct Target_EntryTyped: MediatorTarget {
    var actions: [String: MediatorAction] { [EntryTypedRequest.action: EntryTypedRequest.handler { $0 }] }
}
