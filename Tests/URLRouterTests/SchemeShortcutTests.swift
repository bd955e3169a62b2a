import Testing
@testable import URLRouter

/// A URL's scheme is found by comparing words while the router has at most four schemes of at
/// most 8 bytes, and by the literal table otherwise. Both ways must give the same answers.
@Suite struct SchemeShortcutTests {
    @Test(arguments: [
        ["app"],
        ["a", "ab", "abcdefg", "abcdefgh"],
        ["s1", "s2", "s3", "s4", "s5"],
        ["app", "averylongscheme"],
        ["abcdefghi"],
        ["x+y", "x-y", "x.y", "X9"],
    ])
    func everySchemeIsFoundAndNoOther(schemes: [String]) throws {
        let router = Router()
        for (index, scheme) in schemes.enumerated() {
            try router.register("\(scheme)://host/:id") { _ in }
            // Each registration makes a new snapshot: the shortcut must see the scheme just added.
            #expect(router.match("\(scheme)://host/\(index)")?.pattern == "\(scheme)://host/:id")
        }
        for scheme in schemes {
            let pattern = "\(scheme)://host/:id"
            #expect(router.match("\(scheme)://host/1")?.pattern == pattern)
            #expect(router.match("\(scheme.uppercased())://HOST/1")?.pattern == pattern, "schemes fold case")
            #expect(router.match("\(scheme):host/1")?.pattern == pattern, "`scheme:` is `scheme://`")
            let longer = scheme + "z"
            if !schemes.contains(longer) { #expect(router.match("\(longer)://host/1") == nil) }
            let shorter = String(scheme.dropLast())
            if !shorter.isEmpty, !schemes.contains(where: { $0.lowercased() == shorter.lowercased() }) {
                #expect(router.match("\(shorter)://host/1") == nil)
            }
        }
        #expect(router.match("zz://host/1") == nil)
        #expect(router.match("zzzzzzzzzzzz://host/1") == nil)
    }

    /// The shortcut's answer for one snapshot, read directly.
    @Test func shortcutIsCompleteOnlyForFewShortSchemes() throws {
        func shortcut(_ schemes: [String]) throws -> SchemeShortcut {
            let router = Router()
            for scheme in schemes { try router.register("\(scheme)://host") { _ in } }
            return router.currentTable().view.schemes
        }
        func word(_ scheme: String) -> UInt64 {
            scheme.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
        }
        let four = try shortcut(["a", "b", "c", "d"])
        #expect(four.isComplete)
        if case .found = four.lookup(word("c")) {} else { Issue.record("c is one of the four") }
        if case .absent = four.lookup(word("e")) {} else { Issue.record("e is certainly absent") }
        let five = try shortcut(["a", "b", "c", "d", "e"])
        #expect(!five.isComplete)
        if case .unknown = five.lookup(word("e")) {} else { Issue.record("the fifth scheme is not kept") }
        let long = try shortcut(["a", "abcdefghi"])
        #expect(!long.isComplete)
        if case .found = long.lookup(word("a")) {} else { Issue.record("a short scheme beside a long one is kept") }
        if case .unknown = long.lookup(word("b")) {} else { Issue.record("with a long scheme nothing is certain") }
    }
}
