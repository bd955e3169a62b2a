import Foundation
import Testing

@testable import URLRouter

/// A route table file that cannot be read is reported with its path quoted and Foundation's reason escaped: the reason
/// may name the file, as Darwin's does, and a file's name may hold anything.
@Suite struct UnreadableRouteTableTests {
    @Test(arguments: ["a\u{1B}[31mred.json", "gnp\u{202E}.json", "two\nlines.json", "zero\u{200B}\u{85}.json"])
    func noControlOrBidiCharacterOfAFileNameReachesTheMessage(name: String) throws {
        let directory = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))"
        let file = URL(fileURLWithPath: directory).appendingPathComponent(name)
        let error = try #require(caught { try Router().loadRouteTable(from: file, on: Mediator()) })
        #expect(error.code == .invalidRouteTable)
        let raw = error.message.unicodeScalars.filter {
            RouteError.breaksLines($0) || $0.properties.generalCategory == .format
        }
        #expect(raw.isEmpty, "\(error.message.debugDescription)")
        #expect(error.message.contains(RouteError.quoted(file.path)), "\(error.message.debugDescription)")
    }

    /// Darwin's reason for a missing file names it; it is shown escaped as a quoted path is, without the quotes.
    @Test(arguments: [
        ("The file “a\u{1B}[31m” couldn’t be opened.", #"The file “a\u{1B}[31m” couldn’t be opened."#),
        ("The file “\u{202E}gnp.json” couldn’t be opened.", #"The file “\u{202E}gnp.json” couldn’t be opened."#),
        ("no such file \"x\\y\"\n", #"no such file \"x\\y\"\n"#),
        ("The operation could not be completed.", "The operation could not be completed."),
    ])
    func aReasonIsEscapedAsAQuotedPathIs(reason: String, shown: String) {
        #expect(RouteError.escaped(reason) == shown)
        #expect(RouteError.quoted(reason) == "\"\(shown)\"")
    }
}
