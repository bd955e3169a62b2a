import Foundation
import Synchronization
import Testing

@testable import URLRouter

private func shopMediator() -> Mediator {
    let mediator = Mediator()
    mediator.register(BridgeShop.self)
    return mediator
}

private let goodTable = """
    [
      { "pattern": "shop://item/:id", "target": "Shop", "action": "itemView" },
      { "pattern": "shop://admin", "target": "Shop", "action": "itemView",
        "priority": 4, "access": "internal" }
    ]
    """

private func routes(_ router: Router) -> [String] {
    router.routes.map { "\($0.pattern) \($0.priority) \($0.access)" }
}

@Suite struct MediatorRouteTableLoadingTests {
    @Test func registersEveryRowOnTheMediator() throws {
        let router = Router()
        let rows = try router.loadRouteTable(from: goodTable, on: shopMediator())
        #expect(rows.map(\.pattern) == ["shop://item/:id", "shop://admin"])
        #expect(routes(router) == ["shop://item/:id 0 public", "shop://admin 4 internal"])
        #expect(router.object(for: "shop://item/5?ref=t") as? String == "id=5&ref=t")
        #expect(router.object(for: "shop://admin") as? String == "")
        #expect(router.object(for: "shop://admin", source: .external) == nil)
    }

    @Test func readsDataAndFiles() throws {
        let router = Router()
        try router.loadRouteTable(from: Data(goodTable.utf8), on: shopMediator())
        #expect(router.routes.count == 2)

        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("routes-\(UInt64.random(in: 0...UInt64.max)).json")
        try Data(goodTable.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let other = Router()
        try other.loadRouteTable(from: file, on: shopMediator())
        #expect(other.object(for: "shop://item/6") as? String == "id=6")
    }

    @Test func anUnreadableFileIsReported() {
        let missing = URL(fileURLWithPath: "/nonexistent/routes.json")
        do {
            try Router().loadRouteTable(from: missing, on: shopMediator())
            Issue.record("loaded a file that does not exist")
        } catch {
            #expect(error.code == .invalidRouteTable)
            #expect(error.message.contains("\"/nonexistent/routes.json\""))
        }
    }

    @Test func aDirectoryIsReportedAsOne() {
        let directory = FileManager.default.temporaryDirectory
        do {
            try Router().loadRouteTable(from: directory, on: shopMediator())
            Issue.record("loaded a directory")
        } catch {
            #expect(error.code == .invalidRouteTable)
            #expect(error.message.hasSuffix(": it is a directory."), "\(error.message)")
        }
    }

    /// A named pipe is read as its writer writes it, once one opens it.
    @Test(.timeLimit(.minutes(1))) func aNamedPipeIsReadAsItsWriterWritesIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID()).pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let text = Array(goodTable.utf8)
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            for start in stride(from: 0, to: text.count, by: 40) {
                let end = min(start + 40, text.count)
                _ = text[start..<end].withUnsafeBytes { write(descriptor, $0.baseAddress, end - start) }
                usleep(1000)
            }
            close(descriptor)
        }
        writer.start()
        let router = Router()
        try router.loadRouteTable(from: URL(fileURLWithPath: path), on: shopMediator())
        #expect(router.object(for: "shop://item/6") as? String == "id=6")
    }

    @Test(arguments: [
        // A malformed row: nothing is registered at all.
        (
            "[\n{\"pattern\": \"a://x\", \"target\": \"Shop\", \"action\": \"itemView\"},\n{\"pattern\": \"a://y\", \"target\": \"Shop\"}\n]",
            ["row 2, line 3: missing field \"action\""]
        ),
        // An invalid pattern: row 1 was registered and is taken back.
        (
            "[\n{\"pattern\": \"a://x\", \"target\": \"Shop\", \"action\": \"itemView\"},\n\n{\"pattern\": \"a://y/:id<money>\", \"target\": \"Shop\", \"action\": \"itemView\"}\n]",
            ["row 2, line 4: Invalid pattern \"a://y/:id<money>\""]
        ),
        // Two rows of one shape, and a pattern that conflicts with a route registered earlier.
        (
            "[\n{\"pattern\": \"a://x/:id\", \"target\": \"Shop\", \"action\": \"itemView\"},\n{\"pattern\": \"a://x/:name\", \"target\": \"Shop\", \"action\": \"itemView\"},\n{\"pattern\": \"a://kept\", \"target\": \"Shop\", \"action\": \"itemView\"}\n]",
            ["row 2, line 3:", "row 3, line 4:"]
        ),
    ])
    func aBadTableRegistersNothing(json: String, mentions: [String]) throws {
        let router = Router()
        try router.registerObject("a://kept") { _ in "kept" }
        do {
            try router.loadRouteTable(from: json, on: shopMediator())
            Issue.record("a bad table loaded")
        } catch {
            #expect(error.code == .invalidRouteTable)
            #expect(error.message.hasPrefix("Route table rejected:"))
            for mention in mentions {
                #expect(error.message.contains(mention), "\(error.message)")
            }
        }
        #expect(routes(router) == ["a://kept 0 public"])
        #expect(router.object(for: "a://kept") as? String == "kept")
        #expect(router.object(for: "a://x") == nil)
    }

    @Test func conflictsAreReportedAsConflicts() throws {
        let router = Router()
        let json = """
            [{"pattern": "a://x/:id", "target": "Shop", "action": "itemView"},
             {"pattern": "a://x/:name", "target": "Shop", "action": "itemView"}]
            """
        let error = try #require(caught { try router.loadRouteTable(from: json, on: shopMediator()) })
        #expect(error.code == .invalidRouteTable, "a conflict in a table is a problem of the table, as documented")
        #expect(
            error.message
                == #"Route table rejected: row 2, line 2: Pattern "a://x/:name" conflicts with row 1, "a://x/:id": they have the same shape."#
        )
        #expect(router.routes.isEmpty, "row 1 was rolled back")
        #expect(caught { try router.register("a://x/:id") { _ in } } == nil, "row 1 was rolled back")
    }

    /// A conflict names the row it is with, origins included; one with a route registered in code names that route.
    @Test func aConflictNamesTheRowOrTheRouteItIsWith() throws {
        let router = Router()
        try router.register("a://code/:id") { _ in }
        let json = """
            [{"pattern": "item/:id", "target": "Shop", "action": "itemView", "origins": ["shop", "https://Shop.example.com"]},
             {"pattern": "a://code/:x", "target": "Shop", "action": "itemView"},
             {"pattern": "item/:ref", "target": "Shop", "action": "itemView", "origins": ["https://shop.example.com"]}]
            """
        let error = try #require(caught { try router.loadRouteTable(from: json, on: shopMediator()) })
        let lines = error.message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.count == 3)
        #expect(
            lines.dropFirst().first?.hasPrefix(
                #"row 2, line 2: Pattern "a://code/:x" conflicts with the registered pattern "a://code/:id""#) == true)
        #expect(
            lines.last
                == #"row 3, line 3: Pattern "item/:ref" conflicts with row 1, "item/:id [shop, https://shop.example.com]": they have the same shape."#
        )
    }

    /// Two earlier rows whose patterns print alike when shortened (past 200 characters): the conflict names the one it
    /// is with.
    @Test func aConflictBetweenLongRowsNamesTheRowItIsWith() throws {
        let stem = "shop://" + String(repeating: "a", count: 200)
        func row(_ tail: String) -> String {
            #"{"pattern": "\#(stem)/\#(tail)", "target": "Shop", "action": "itemView"}"#
        }
        let json = "[\n" + [row("b/:id"), row("c/:id"), row("c/:xx")].joined(separator: ",\n") + "\n]"
        let error = try #require(caught { try Router().loadRouteTable(from: json, on: shopMediator()) })
        #expect(error.message.contains("row 3, line 4: Pattern"), "\(error.message)")
        #expect(error.message.contains("conflicts with row 2"), "\(error.message)")
    }

    /// A URL that is not a file URL is refused, not read as a local path (Foundation would open its path).
    @Test(arguments: ["https://cdn.example.com", "ftp://host"])
    func aURLThatIsNoFileIsNotRead(prefix: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID().uuidString).json")
        try Data(goodTable.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let router = Router()
        let error = try #require(caught { try router.loadRouteTable(from: URL(string: prefix + file.path)!) })
        #expect(error.code == .invalidRouteTable)
        #expect(error.message.hasPrefix("Cannot read the route table \"\(prefix)"), "\(error.message)")
        #expect(router.routes.isEmpty)
        #expect(try router.loadRouteTable(from: file, on: shopMediator()).count == 2)
    }
}

@Suite struct RouteTableAtomicityTests {
    /// A rejected table is never live, not even briefly: a reader opening a URL of its first
    /// row, again and again while the table is loaded, never reaches that row's action.
    @Test func aRejectedTableIsNeverSeenByAnotherThread() throws {
        let router = Router()
        try router.register("shop://taken") { _ in }
        let filler = (0..<300).map { #"{ "pattern": "shop://page/\#($0)", "target": "Shop", "action": "itemView" },"# }
        let rejected = """
            [
              { "pattern": "shop://item/:id", "target": "Shop", "action": "itemView" },
              \(filler.joined(separator: "\n"))
              { "pattern": "shop://taken", "target": "Shop", "action": "itemView" }
            ]
            """
        let done = Atomic<Bool>(false)
        let reached = Atomic<Int>(0)
        let reader = Thread {
            while !done.load(ordering: .acquiring) {
                if router.object(for: "shop://item/5") != nil { reached.add(1, ordering: .relaxed) }
            }
        }
        reader.start()
        for _ in 0..<20 {
            #expect(
                caught { try router.loadRouteTable(from: rejected, on: shopMediator()) }?.code == .invalidRouteTable)
        }
        done.store(true, ordering: .releasing)
        while !reader.isFinished { usleep(1_000) }
        #expect(reached.load(ordering: .relaxed) == 0)
        #expect(router.routes.map(\.pattern) == ["shop://taken"])
    }

    /// Deregistering the rows of the last load and loading the next table in one batch swaps
    /// them in one step: a reader opening a URL both tables serve never finds neither, and a
    /// rejected table keeps the one before it.
    @Test func aTableIsSwappedForAnotherInOneStep() throws {
        let router = Router()
        let mediator = shopMediator()
        func table(_ extra: String) -> Data {
            Data(
                """
                [{ "pattern": "shop://item/:id", "target": "Shop", "action": "itemView" },
                 { "pattern": "shop://\(extra)", "target": "Shop", "action": "itemView" }]
                """.utf8)
        }
        var rows = try router.loadRouteTable(from: table("old"), on: mediator)
        let done = Atomic<Bool>(false)
        let missed = Atomic<Int>(0)
        let reader = Thread {
            while !done.load(ordering: .acquiring) {
                if router.object(for: "shop://item/5") == nil { missed.add(1, ordering: .relaxed) }
            }
        }
        reader.start()
        for round in 0..<40 {
            rows = try router.update { routes in
                for row in rows { routes.deregister(row.pattern, origins: row.origins) }
                return try routes.loadRouteTable(from: table(round.isMultiple(of: 2) ? "new" : "old"), on: mediator)
            }
        }
        let rejected = caught {
            try router.update { routes in
                for row in rows { routes.deregister(row.pattern, origins: row.origins) }
                try routes.loadRouteTable(
                    from: Data(#"[{"pattern": "shop://x", "target": "Shop"}]"#.utf8), on: mediator)
            }
        }
        done.store(true, ordering: .releasing)
        while !reader.isFinished { usleep(1_000) }
        #expect(missed.load(ordering: .relaxed) == 0)
        #expect(rejected?.code == .invalidRouteTable)
        #expect(router.routes.map(\.pattern) == ["shop://item/:id", "shop://old"])
    }

    /// A rejected table leaves the batch as it was, so a batch that goes on past it keeps its
    /// other changes and none of the table's rows.
    @Test func aRejectedTableLeavesTheBatchAsItWas() throws {
        let router = Router(options: .init(limits: .init(maxRouteTableLength: 200)))
        let half = Data(
            """
            [{ "pattern": "shop://item/:id", "target": "Shop", "action": "itemView" },
             { "pattern": "shop://kept", "target": "Shop", "action": "itemView" }]
            """.utf8)
        var errors: [RouteError.Code?] = []
        try router.update { routes in
            try routes.register("shop://kept") { _ in }
            errors.append(caught { try routes.loadRouteTable(from: half, on: shopMediator()) }?.code)
            errors.append(caught { try routes.loadRouteTable(from: Data(repeating: 32, count: 201)) }?.code)
        }
        #expect(errors == [.invalidRouteTable, .limitExceeded])
        #expect(router.routes.map(\.pattern) == ["shop://kept"])
    }
}
