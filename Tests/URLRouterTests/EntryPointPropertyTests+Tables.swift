import Foundation
import Testing

@testable import URLRouter

extension EntryPointPropertyTests {
    /// Random route-table text (rows good and bad, escapes, stray bytes, wrong types, unknown or repeated fields) →
    /// `RouteTableRow.parse` and `loadRouteTable` from a `String`, `Data`, a file and a batch: every form gives the same
    /// answer; a table that does not parse is refused with the parser's own message, each problem on a line and row
    /// that exist; a refused table leaves the routes (or the batch) as they were; a loaded table adds exactly its rows,
    /// is read the same by Foundation, and is refused whole when loaded again.
    @Test(arguments: 0..<6)
    func routeTableTextLoadsWholeOrNotAtAll(batch: UInt64) throws {
        var random = SeededRandom(seed: 0x7AB1_E000 + batch)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "entry-table-\(batch)-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let mediator = probeMediator()
        var loaded = 0
        for index in 0..<300 {
            let text = Self.table(&random)
            let label = "seed \(batch), case \(index): \(text.debugDescription)"
            let data = Data(text.utf8)
            let parsed = Result { () throws(RouteTableError) in try RouteTableRow.parse(text) }
            #expect(parsed == Result { () throws(RouteTableError) in try RouteTableRow.parse(data) }, "\(label)")
            let lines =
                1
                + zip(data, data.dropFirst().map(Optional.some) + [nil]).count { byte, next in
                    byte == 0x0A || (byte == 0x0D && next != 0x0A)
                }
            if case .failure(let error) = parsed {
                #expect(!error.issues.isEmpty, "\(label)")
                for issue in error.issues {
                    #expect((1...lines).contains(issue.line) && (issue.row ?? 1) >= 1, "\(label): \(issue)")
                }
            }

            let limit = random.chance(6) ? random.next(300) : 4 * 1024 * 1024
            var routers: [Router] = []
            func loader() -> Router {
                let router = Router(options: .init(limits: .init(maxRouteTableLength: limit)))
                try! router.register("shop://item/:id", target: "Probe", action: "ping", on: mediator)
                try! router.register("/about") { _ in }
                routers.append(router)
                return router
            }
            let before = loader().routes
            try data.write(to: file)
            let results = [
                Result { () throws(RouteError) in try routers[0].loadRouteTable(from: text, on: mediator) },
                Result { () throws(RouteError) in try loader().loadRouteTable(from: data, on: mediator) },
                Result { () throws(RouteError) in try loader().loadRouteTable(from: file, on: mediator) },
                loader().update { routes in
                    try! routes.register("batch://kept") { _ in }
                    return Result { () throws(RouteError) in try routes.loadRouteTable(from: data, on: mediator) }
                },
            ]
            // Only the size limit's message differs (a file is read no further than the limit), and the file's name.
            let named = "Route table \(RouteError.quoted(file.path)) rejected"
            let answers = results.map {
                $0.mapError { error in
                    error.code == .limitExceeded
                        ? RouteError(.limitExceeded, "")
                        : RouteError(error.code, error.message.replacing(named, with: "Route table rejected"))
                }
            }
            #expect(answers.allSatisfy { $0 == answers[0] }, "\(label): the forms disagree: \(results)")
            #expect((data.count > limit) == (answers[0] == .failure(RouteError(.limitExceeded, ""))), "\(label)")
            #expect(routers[3].routes.dropFirst(before.count).first?.pattern == "batch://kept", "\(label): batch lost")
            if case .failure = results[0] {
                for router in routers.prefix(3) { #expect(router.routes == before, "\(label): a refused table stayed") }
                #expect(routers[3].routes.count == before.count + 1, "\(label): a refused table stayed in the batch")
            }
            switch (parsed, results[0]) {
            case (_, .failure(let error)) where error.code == .limitExceeded:
                #expect(!error.message.isEmpty, "\(label)")
            case (.failure(let problem), .failure(let error)):  // the rows that parse may add their own problems
                let listed = problem.issues.allSatisfy { error.message.contains($0.description) }
                let truncated = error.message.contains(" more issues")
                #expect(error.code == .invalidRouteTable && (listed || truncated), "\(label): \(error)")
            case (_, .failure(let error)):
                #expect(error.code == .invalidRouteTable && !error.message.isEmpty, "\(label): \(error)")
            case (.failure(let problem), .success):
                Issue.record("\(label): loaded a table that does not parse: \(problem)")
            case (.success(let rows), .success(let loadedRows)):
                #expect(rows == loadedRows, "\(label)")
                let added = routers[0].routes.dropFirst(before.count)
                #expect(added.map(\.pattern) == rows.map(\.pattern), "\(label)")
                #expect(added.map(\.origins) == rows.map { $0.origins.compactMap(Self.normalized) }, "\(label)")
                let again = caught { try routers[0].loadRouteTable(from: text, on: mediator) }
                #expect(rows.isEmpty == (again == nil), "\(label): loaded twice")
                #expect(routers[0].routes.count == before.count + rows.count, "\(label)")
                let foundation = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
                #expect(foundation?.count == rows.count, "\(label): Foundation reads \(String(describing: foundation))")
                for (row, object) in zip(rows, foundation ?? []) {
                    let read = ["pattern", "target", "action"].map { (object[$0] as? String).map(withoutBOM) }
                    #expect(read == [row.pattern, row.target, row.action].map(withoutBOM), "\(label): row \(row.row)")
                }
                loaded += 1
            }
        }
        #expect(loaded > 60, "too few tables loaded (\(loaded)) for the property to mean much")
    }

    /// Random sequences of registrations (plain and with link origins, objects, priorities,
    /// replacements) and deregistrations, applied to a router one by one and to another in a
    /// `RouteBatch`: each step gives the same answer, the routes and the matches are the same;
    /// the same steps in a batch that throws change nothing.
    @Test(arguments: 0..<6)
    func batchChangesAgreeWithTheRouter(batch: UInt64) {
        var random = SeededRandom(seed: 0xBA7C_4000 + batch)
        var refusals = 0
        for index in 0..<250 {
            let options = Router.Options(caseInsensitivePaths: random.chance(3))
            let direct = Router(options: options)
            let batched = Router(options: options)
            var pool: [(String, [LinkOrigin])] = []
            let steps = (0...random.next(6)).map { _ in BatchStep(&random, pool: &pool) }
            let label = "seed \(batch), case \(index): \(steps)"
            let expected = steps.map { $0.apply(to: direct) }
            let answers = batched.update { routes in steps.map { $0.apply(to: &routes) } }
            #expect(answers == expected, "\(label)")
            #expect(batched.routes == direct.routes, "\(label)")
            refusals += expected.filter { !$0.hasPrefix("ok") && !$0.hasPrefix("removed") }.count
            for url in pool.map(\.0) + (0..<4).map({ _ in random.url() }) {
                #expect(batched.match(url)?.pattern == direct.match(url)?.pattern, "\(label): \(url)")
            }
            struct Abandoned: Error {}
            let routes = batched.routes
            let abandoned = Result { () throws(Abandoned) in
                try batched.update { (routes: inout RouteBatch) throws(Abandoned) in
                    _ = steps.map { $0.apply(to: &routes) }
                    throw Abandoned()
                }
            }
            #expect((try? abandoned.get()) == nil && batched.routes == routes, "\(label): an abandoned batch applied")
        }
        #expect(refusals > 100, "too few refusals (\(refusals)) for the property to mean much")
    }

    /// A JSON route table, mostly well formed, with rows good and bad.
    static func table(_ random: inout SeededRandom) -> String {
        func space() -> String { random.pick([" ", "", "\n", "\r\n", "\r", "\t", "\n  "]) }
        func string(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"", "\\": out += "\\\(scalar)"
                case "\n" where random.chance(2): out += "\\n"
                case _ where scalar.value < 0x20 || random.chance(10):
                    let units = String(scalar).utf16.map { "\\u" + String(format: "%04X", $0) }
                    out += units.joined()
                default: out += String(scalar)
                }
            }
            return out + "\""
        }
        func origins() -> String {
            let texts = (0..<random.next(4)).map { _ -> String in
                switch Self.origin(&random) {
                case .scheme(let scheme): scheme
                case .web(let host): random.pick(["https://", "HTTPS://", "http://", ""]) + host
                }
            }
            return random.chance(8)
                ? random.pick(["\"shop\"", "[1]", "[\"shop\",]", "null"])
                : "[\(texts.map(string).joined(separator: ","))]"
        }
        func row() -> String {
            let clean = !random.chance(6)
            let withOrigins = random.chance(4)
            let pattern = GeneratedPattern(&random).text
            var members: [(String, String)] = [
                ("pattern", string(withOrigins ? Self.originPath(pattern, &random) : pattern)),
                ("target", string(random.pick(["Probe", "Bare", "Shop", "é", "a b", random.text()]))),
                ("action", string(random.pick(["ping", "nativeX", "notFound", "x/y", random.text()]))),
            ]
            if withOrigins { members.append(("origins", origins())) }
            if random.chance(2) {
                let priorities = ["0", "7", "-5", "9223372036854775807", "-9223372036854775808", "-0"]
                members.append(("priority", random.pick(priorities)))
            }
            if random.chance(3) { members.append(("access", string(random.pick(["public", "internal"])))) }
            if !clean {
                let field = random.pick(["pattern", "target", "action", "priority", "access", "priorty", "origins"])
                let value = random.pick([
                    "\"\"", "\" x\"", "3", "1.5", "1e3", "9223372036854775808", "01", "true", "null", "[]", "{}",
                    "\"\\ud800\"", "\"a\\u0000b\"", "\"Public\"", "+1", string(random.text()),
                ])
                members.insert((field, value), at: random.next(members.count + 1))
            }
            members.shuffle(using: &random)
            let body = members.map { space() + string($0.0) + space() + ":" + space() + $0.1 }.joined(separator: ",")
            return random.chance(20) ? random.pick(["3", "\"row\"", "[]", "null"]) : "{" + body + space() + "}"
        }
        var text =
            space() + "[" + (0..<random.next(5)).map { _ in space() + row() }.joined(separator: ",") + space() + "]"
        if random.chance(6) {
            let scalars = Array(text.unicodeScalars)
            let cut = random.next(scalars.count + 1)
            let stray = random.pick([
                ",", "]", "[", "{", "}", "\"", "\\", "\u{0}", "/*x*/", "\u{FEFF}", "0", ":", "", "é",
            ])
            text =
                String(String.UnicodeScalarView(scalars[..<cut])) + stray
                + (random.chance(2) ? String(String.UnicodeScalarView(scalars[cut...])) : "")
        }
        if random.chance(15) { text = random.pick(["", "{}", "\"x\"", "[] []", "\u{FEFF}[]", "[", "null"]) }
        return random.chance(12) ? "\u{FEFF}" + text : text
    }
}

/// `text` without U+FEFF, which Foundation drops from some strings.
private func withoutBOM(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" }))
}

/// One change to a router's routes, applied directly or in a batch.
private enum BatchStep: CustomStringConvertible {
    case register(String, origins: [LinkOrigin], object: Bool, priority: Int, replacing: Bool)
    case deregister(String, origins: [LinkOrigin])

    init(_ random: inout SeededRandom, pool: inout [(String, [LinkOrigin])]) {
        if !pool.isEmpty, random.chance(3) {
            let (pattern, origins) = random.pick(pool)
            self = .deregister(pattern, origins: origins)
            return
        }
        let example = GeneratedPattern(&random).text
        let origins = random.chance(4) ? (0...random.next(2)).map { _ in EntryPointPropertyTests.origin(&random) } : []
        var pattern = origins.isEmpty ? example : EntryPointPropertyTests.originPath(example, &random)
        if random.chance(10) { pattern = random.text() }
        if !pool.isEmpty, random.chance(3) { (pattern, _) = random.pick(pool) }
        pool.append((pattern, origins))
        self = .register(
            pattern, origins: origins, object: random.chance(2), priority: random.pick([0, 0, 1, -3, Int.max]),
            replacing: random.chance(4))
    }

    var description: String {
        switch self {
        case let .register(pattern, origins, object, priority, replacing):
            "register\(object ? "Object" : "") \(pattern.debugDescription) \(origins) \(priority) \(replacing)"
        case let .deregister(pattern, origins): "deregister \(pattern.debugDescription) \(origins)"
        }
    }

    func apply(to router: Router) -> String {
        switch self {
        case let .register(pattern, origins, object, priority, replacing):
            return Self.answer { () throws(RouteError) in
                switch (origins.isEmpty, object) {
                case (true, true):
                    try router.registerObject(pattern, priority: priority, replacing: replacing) { _ in 1 }
                case (true, false): try router.register(pattern, priority: priority, replacing: replacing) { _ in }
                case (false, true):
                    try router.registerObject(pattern, origins: origins, priority: priority, replacing: replacing) {
                        _ in 1
                    }
                case (false, false):
                    try router.register(pattern, origins: origins, priority: priority, replacing: replacing) { _ in }
                }
            }
        case let .deregister(pattern, origins):
            return
                "removed \(origins.isEmpty ? router.deregister(pattern) : router.deregister(pattern, origins: origins))"
        }
    }

    func apply(to routes: inout RouteBatch) -> String {
        switch self {
        case let .register(pattern, origins, object, priority, replacing):
            return Self.answer { () throws(RouteError) in
                switch (origins.isEmpty, object) {
                case (true, true):
                    try routes.registerObject(pattern, priority: priority, replacing: replacing) { _ in 1 }
                case (true, false): try routes.register(pattern, priority: priority, replacing: replacing) { _ in }
                case (false, true):
                    try routes.registerObject(pattern, origins: origins, priority: priority, replacing: replacing) {
                        _ in 1
                    }
                case (false, false):
                    try routes.register(pattern, origins: origins, priority: priority, replacing: replacing) { _ in }
                }
            }
        case let .deregister(pattern, origins):
            return
                "removed \(origins.isEmpty ? routes.deregister(pattern) : routes.deregister(pattern, origins: origins))"
        }
    }

    private static func answer(_ body: () throws(RouteError) -> Void) -> String {
        do throws(RouteError) {
            try body()
            return "ok"
        } catch {
            return "\(error.code): \(error.message)"
        }
    }
}
