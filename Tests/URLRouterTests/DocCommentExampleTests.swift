// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing

@testable import URLRouter

/// The examples in the doc comments of internal types, run (.ci/check-snippets keeps them
/// in step; the examples of public API are in Tests/DocSnippetTests).
@Suite("Doc comments: internal types")
struct DocCommentExampleTests {
    @Test func locked() {
        let count = Locked(0)
        count.withLock { $0 += 1 }
        #expect(count.withLock { $0 } == 1)
    }

    @Test func chunkedArray() {
        var leaves = ChunkedArray<Int32>()
        leaves.append(7)
        let snapshot = leaves        // shares every chunk
        leaves[0] = 8                // copies chunk 0 only; `snapshot[0]` is still 7
        #expect(snapshot[0] == 7)
        #expect(leaves[0] == 8)
    }

    @Test func routeFields() {
        struct ItemRoute: URLRoute { static let pattern = "shop://item/:id<int>"; var id: Int; var ref: String? }
        let names = RouteFields(ItemRoute.self).names   // ["id", "ref"], in any order
        #expect(names == ["id", "ref"])
    }

    @Test func parameterDecoder() throws {
        let router = Router()
        try router.register("shop://item/:id<int>") { _ in }
        let match = try #require(router.match("shop://item/42?ref=mail&tag=a&tag=b"))

        // pattern "shop://item/:id<int>", URL "shop://item/42?ref=mail&tag=a&tag=b"
        struct ItemRoute: URLRoute { static let pattern = "shop://item/:id<int>"; var id: Int; var ref: String?; var tag: [String] }
        let item = try ParameterDecoder.decode(ItemRoute.self, from: match.parameters)  // id 42, ref "mail", tag ["a", "b"]
        #expect(item.id == 42 && item.ref == "mail" && item.tag == ["a", "b"])
    }

    @Test func parameterEncoder() throws {
        struct ItemRoute: URLRoute {
            static let pattern = "shop://item/:id<int>"
            var id: Int
            var ref: String?
            var tag: [String] = []
        }
        // The example's line, as the value of a constant.
        let fields =
            try ParameterEncoder.encode(ItemRoute(id: 42, ref: "mail", tag: ["a", "b"]))
            // [("id", ["42"]), ("ref", ["mail"]), ("tag", ["a", "b"])]
        #expect(fields.map(\.name) == ["id", "ref", "tag"])
        #expect(fields.map(\.values) == [["42"], ["mail"], ["a", "b"]])
    }
}
