import Foundation
import Testing

@testable import URLRouter

extension LimitsTests {
    /// A route table of exactly `length` bytes with one row.
    static func routeTable(length: Int) -> String {
        let row = #"[{"pattern": "t://table", "target": "T", "action": "a"}]"#
        return row + String(repeating: " ", count: length - row.utf8.count)
    }

    @Test func routeTableLength() throws {
        let limit = 200
        let router = Router(options: .init(limits: .init(maxRouteTableLength: limit)))
        let mediator = Mediator()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let atLimit = Self.routeTable(length: limit)
        let pastLimit = Self.routeTable(length: limit + 1)
        let file = directory.appendingPathComponent("routes.json")

        #expect(try router.loadRouteTable(from: atLimit, on: mediator).count == 1)
        #expect(router.deregister("t://table"))
        #expect(try router.loadRouteTable(from: Data(atLimit.utf8), on: mediator).count == 1)
        #expect(router.deregister("t://table"))
        try Data(atLimit.utf8).write(to: file)
        #expect(try router.loadRouteTable(from: file, on: mediator).count == 1)
        #expect(router.deregister("t://table"))

        try Data(pastLimit.utf8).write(to: file)
        let errors = [
            Self.error { () throws(RouteError) in try router.loadRouteTable(from: pastLimit, on: mediator) },
            Self.error { () throws(RouteError) in try router.loadRouteTable(from: Data(pastLimit.utf8), on: mediator) },
            Self.error { () throws(RouteError) in try router.loadRouteTable(from: file, on: mediator) },
        ]
        for error in errors {
            #expect(error?.code == .limitExceeded)
            #expect(error?.message.contains("Router.Limits.maxRouteTableLength") == true)
            #expect(error?.message.contains("the limit is \(limit)") == true)
        }
        #expect(router.routes.isEmpty)
    }

    @Test func defaultRouteTableLength() {
        let limit = Router.Limits().maxRouteTableLength
        #expect(limit == 4 * 1024 * 1024)
        let error = Self.error { () throws(RouteError) in
            try Router().loadRouteTable(from: Self.routeTable(length: limit + 1), on: Mediator())
        }
        #expect(error?.code == .limitExceeded)
        #expect(
            error?.message.contains("is \(limit + 1) bytes; the limit is \(limit) (Router.Limits.maxRouteTableLength)")
                == true)
    }

    /// A path to an endless file fails at the limit instead of reading forever.
    @Test(.timeLimit(.minutes(1)), .enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
    func endlessRouteTableFile() {
        let router = Router(options: .init(limits: .init(maxRouteTableLength: 64 * 1024)))
        let error = Self.error { () throws(RouteError) in
            try router.loadRouteTable(from: URL(fileURLWithPath: "/dev/zero"), on: Mediator())
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("more than 65536 bytes") == true)
    }

    static func error(_ body: () throws(RouteError) -> [RouteTableRow]) -> RouteError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}
