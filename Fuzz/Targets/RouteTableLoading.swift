import Foundation

@testable import URLRouter

/// Fuzz target: the route table loader, `Router.loadRouteTable(from:on:)`, on raw file bytes.
///
/// Invariants: nothing crashes; a table either loads whole or fails with
/// `.invalidRouteTable` (or `.limitExceeded` for its size) and leaves the router exactly as it
/// was; every problem it reports names a row and a line that exist; a table that loads is one
/// Foundation's lenient JSON reader reads the same rows from, and every row is then
/// registered and removable.
@_cdecl("LLVMFuzzerTestOneInput")
public func routeTableLoadingFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let router = Router()
    let before = ["shop://item/:id", "shop://cart", "/about"]
    for pattern in before { try! router.register(pattern, target: "Shop", action: "existing", on: tableMediator) }
    // A line ends at `\n`, `\r\n` or a lone `\r`.
    let lines =
        1
        + zip(bytes, bytes.dropFirst().map(Optional.some) + [nil]).count { byte, next in
            byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && next != UInt8(ascii: "\n"))
        }

    let rows: [RouteTableRow]
    do {
        rows = try router.loadRouteTable(from: bytes, on: tableMediator)
    } catch {
        fuzzCheck(
            [.invalidRouteTable, .limitExceeded].contains(error.code), "unexpected code \(error.code): \(error.message)"
        )
        fuzzCheck(!error.message.isEmpty, "empty message")
        let after = router.routes.map(\.pattern)
        fuzzCheck(after == before, "a failed load changed the routes: \(after)")
        // In a batch that goes on after the error, the loader itself must take its rows back.
        router.update { routes in fuzzCheck((try? routes.loadRouteTable(from: bytes, on: tableMediator)) == nil, "") }
        let afterBatch = router.routes.map(\.pattern)
        fuzzCheck(afterBatch == before, "a failed load in a batch changed the routes: \(afterBatch)")
        do {
            _ = try RouteTableRow.parse(bytes)
        } catch {
            for issue in error.issues {
                fuzzCheck(
                    issue.line >= 1 && issue.line <= lines,
                    "a problem on line \(issue.line) of a \(lines)-line table: \(issue)")
                fuzzCheck(issue.row.map { $0 >= 1 } ?? true, "a problem in row \(issue.row ?? 0): \(issue)")
            }
            fuzzCheck(!error.issues.isEmpty, "a parse failure without problems")
        }
        return 0
    }
    do {
        _ = try RouteTableRow.parse(bytes)
    } catch {
        fuzzCheck(false, "the loader accepted a table the parser refuses: \(error)")
    }

    let lenient = (try? JSONSerialization.jsonObject(with: bytes, options: [])) as? [[String: Any]]
    fuzzCheck(lenient != nil, "Foundation cannot read a table the loader accepted")
    fuzzCheck(lenient?.count == rows.count, "Foundation reads \(lenient?.count ?? -1) rows, the loader \(rows.count)")
    // Foundation drops some U+FEFF inside strings, so they are left out of the comparison.
    func same(_ foundation: Any?, _ loaded: String) -> Bool {
        (foundation as? String).map { withoutBOM($0) == withoutBOM(loaded) } ?? false
    }
    for (row, object) in zip(rows, lenient ?? []) {
        fuzzCheck(
            same(object["pattern"], row.pattern) && same(object["target"], row.target)
                && same(object["action"], row.action),
            "row \(row.row) reads differently in Foundation: \(fuzzShow(row.pattern)), \(fuzzShow(row.target)), \(fuzzShow(row.action))"
        )
        fuzzCheck(row.line >= 1 && row.line <= lines, "row \(row.row) on line \(row.line) of \(lines)")
    }
    let after = router.routes.map(\.pattern)
    fuzzCheck(after == before + rows.map(\.pattern), "loaded \(rows.map(\.pattern)) but the routes are \(after)")
    for row in rows {
        fuzzCheck(
            router.deregister(row.pattern, origins: row.origins),
            "cannot deregister the loaded \(fuzzShow(row.pattern))")
    }
    fuzzCheck(
        router.routes.map(\.pattern) == before, "deregistering the loaded rows left \(router.routes.map(\.pattern))")
    return 0
}

func withoutBOM(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" }))
}

let tableMediator = Mediator()
