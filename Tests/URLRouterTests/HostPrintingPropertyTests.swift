import Foundation
import Testing

@testable import URLRouter

/// `url(for:)` prints the host so that other parsers read userinfo or a port only where the
/// pattern writes one: a literal host keeps its `:` and `@` as written (raw or encoded), a value
/// or a placeholder's suffix printed there has them encoded, and the link matches back.
@Suite struct HostPrintingPropertyTests {
    static let pieces = [
        "a", "b", "%40", "@", ":", "%3A", "%3a", "%25", "é", "%C3%A9", "%2F", "8080", ".", "-", "%20", "+", "(x)",
        "%28", ":p-", ":p.", ":p@", "(:q-)",
    ]

    @Test(arguments: 0..<3 as Range<UInt64>)
    func hostsPrintAsWritten(batch: UInt64) throws {
        var r = SeededRandom(seed: 0x4057_0000 &+ batch)
        var printed = 0
        var parsedWithoutUserinfo = 0
        for _ in 0..<1000 {
            let chosen = (0..<(r.next() % 4 + 1)).map { _ in Self.pieces[Int(r.next() % UInt64(Self.pieces.count))] }
            let host = chosen.joined()
            let pattern = "shop://\(host)/:x"
            let router = Router()
            guard (try? router.register(pattern) { _ in }) != nil else { continue }
            let url: String
            do { url = try router.url(for: pattern, parameters: ["x": "1", "p": "v@w:1", "a": "a", "b": "b"]) } catch {
                #expect(error.code == .missingParameter, "\(error)")  // `:ab…` placeholders the pieces made
                continue
            }
            printed += 1
            #expect(router.match(url)?.pattern == pattern, "\(pattern) → \(url)")
            func encodedMarks(_ text: String) -> Int {
                text.uppercased().components(separatedBy: "%40").count
                    + text.uppercased().components(separatedBy: "%3A").count
            }
            #expect(encodedMarks(url) >= encodedMarks(pattern), "\(pattern) → \(url)")
            // A raw `@` the pattern writes in a literal: `@`, or `:p@` after a literal piece.
            let writesUserinfo = chosen.contains("@") || chosen.dropFirst().contains(":p@")
            if !writesUserinfo, let components = URLComponents(string: url) {
                #expect(components.user == nil, "\(pattern) → \(url)")
                parsedWithoutUserinfo += 1
            }
        }
        // Most hosts register and print, and many are read by Foundation, so the checks above are not vacuous.
        #expect(printed >= 800, "batch \(batch): only \(printed) hosts printed")
        #expect(parsedWithoutUserinfo >= 500, "batch \(batch): only \(parsedWithoutUserinfo) read by URLComponents")
    }
}
